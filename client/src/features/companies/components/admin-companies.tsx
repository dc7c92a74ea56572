import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { useCompanies } from '../api/admin-companies';
import { CompanyForm } from './company-form';
import { TERMS_LABELS } from './company-summary';
import { PendingApplications } from './pending-applications';
import { vatBadge } from './vat-status';
import './companies.css';

/** The admin's Companies page: applications to answer, every company, and a new one. */
export function AdminCompanies() {
  const companies = useCompanies();
  const [adding, setAdding] = useState(false);
  const { toast, show, dismiss } = useToast();
  return (
    <section className="company-page" aria-labelledby="companies-title">
      <title>Companies · Toolworks</title>
      <h1 id="companies-title">Companies</h1>
      <PendingApplications onDone={show} />
      <section className="company-section" aria-labelledby="company-list-title">
        <h2 id="company-list-title">Trade accounts</h2>
        {companies.isPending ? (
          <PageLoader />
        ) : companies.isError ? (
          <ErrorState
            title="We couldn't load the companies."
            message={companies.error.message}
            onRetry={() => void companies.refetch()}
            retrying={companies.isFetching}
          />
        ) : companies.data.length === 0 ? (
          <p className="muted">No companies yet.</p>
        ) : (
          <ul className="company-list">
            {companies.data.map((company) => (
              <li key={company._id} className="card">
                <div className="card-body company-list-item">
                  <Link to={paths.dashboard.company(company._id)}>
                    <strong>{company.name}</strong>
                  </Link>
                  <span className="muted">
                    {company.memberCount} {company.memberCount === 1 ? 'member' : 'members'} ·{' '}
                    {TERMS_LABELS[company.paymentTerms]} · credit {formatPrice(company.creditLimit)}
                  </span>
                  <span className="muted">
                    VAT ID {company.vatId}: {vatBadge(company).text}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {adding ? (
          <CompanyForm
            onSaved={(company) => {
              setAdding(false);
              show(`${company.name} created`);
            }}
          />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add a company
          </button>
        )}
      </section>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
