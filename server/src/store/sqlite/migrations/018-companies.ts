import type { Migration } from './migration.js';

// Issue 24, trade accounts. `company_members.email` is the primary key: a person belongs to at
// most one company, held by the database even when two acceptances race. Delivery addresses are
// read and written whole with their company, so they are a JSON array in its row. One pending
// application per person is a partial unique index.
export const companies: Migration = {
  version: 18,
  name: 'companies',
  sql: `
    CREATE TABLE companies (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      vat_id TEXT NOT NULL,
      billing_address TEXT NOT NULL,
      delivery_addresses TEXT NOT NULL CHECK (json_valid(delivery_addresses)),
      payment_terms TEXT NOT NULL CHECK (payment_terms IN ('none', 'net-15', 'net-30', 'net-60')),
      credit_limit_cents INTEGER NOT NULL CHECK (credit_limit_cents >= 0),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX companies_name ON companies (name COLLATE NOCASE);

    CREATE TABLE company_members (
      email TEXT PRIMARY KEY,
      company_id TEXT NOT NULL REFERENCES companies (id),
      name TEXT,
      role TEXT NOT NULL CHECK (role IN ('buyer', 'approver', 'company-admin')),
      spending_limit_order_cents INTEGER CHECK (spending_limit_order_cents >= 0),
      spending_limit_month_cents INTEGER CHECK (spending_limit_month_cents >= 0),
      joined_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX company_members_company ON company_members (company_id);

    CREATE TABLE company_invitations (
      id TEXT PRIMARY KEY,
      company_id TEXT NOT NULL REFERENCES companies (id),
      email TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('buyer', 'approver', 'company-admin')),
      token_hash TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked')),
      invited_by TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      created_at TEXT NOT NULL,
      accepted_at TEXT
    ) STRICT;
    CREATE INDEX company_invitations_company ON company_invitations (company_id, status);

    CREATE TABLE trade_applications (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      name TEXT,
      company_name TEXT NOT NULL,
      vat_id TEXT NOT NULL,
      billing_address TEXT NOT NULL,
      delivery_address TEXT NOT NULL,
      phone TEXT NOT NULL,
      note TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
      decline_reason TEXT,
      company_id TEXT,
      created_at TEXT NOT NULL,
      decided_at TEXT
    ) STRICT;
    CREATE UNIQUE INDEX trade_applications_one_pending ON trade_applications (email)
      WHERE status = 'pending';
    CREATE INDEX trade_applications_status ON trade_applications (status, created_at);
    CREATE INDEX trade_applications_email ON trade_applications (email, created_at);
  `,
};
