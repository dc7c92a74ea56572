import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useMyCompany } from '../api/my-company';
import { ApprovalsPanel } from './approvals-panel';
import { CompanyQuotes } from './company-quotes';
import { CompanyOrders } from './company-orders';
import { CompanySummary } from './company-summary';
import { MembersPanel, ROLE_LABELS } from './members-panel';
import { TradeApplicationForm } from './trade-application-form';
import './companies.css';

/**
 * The dashboard's My company: a member sees their company and role; approvers and company-admins
 * decide the orders awaiting approval, company-admins also see every order of the company and
 * manage its members; anyone else sees their application's state, or the form to apply.
 */
export function MyCompany({
  email,
  forCompanyAdmins,
}: {
  email: string;
  /** More panels for company-admins (the invoices), composed in app/. */
  forCompanyAdmins?: ReactNode;
}) {
  const mine = useMyCompany();
  const { toast, show, dismiss } = useToast();

  let content;
  if (mine.isPending) content = <PageLoader />;
  else if (mine.isError)
    content = (
      <ErrorState
        title="We couldn't load your company."
        message={mine.error.message}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  else if (mine.data.company && mine.data.role) {
    const { company, role } = mine.data;
    content = (
      <>
        <section className="card" aria-labelledby="company-name">
          <div className="card-body company-section">
            <h2 id="company-name">{company.name}</h2>
            <p>
              Your role: <strong>{ROLE_LABELS[role]}</strong>
            </p>
            <CompanySummary company={company} />
          </div>
        </section>
        {role !== 'buyer' ? <ApprovalsPanel onDone={show} /> : null}
        {role === 'company-admin' ? <CompanyOrders /> : null}
        <CompanyQuotes everyone={role !== 'buyer'} />
        {role === 'company-admin' ? (
          <MembersPanel
            company={company}
            scope={{ kind: 'own' }}
            currentEmail={email}
            onDone={show}
          />
        ) : null}
        {role === 'company-admin' ? forCompanyAdmins : null}
      </>
    );
  } else {
    const application = mine.data.application;
    content = (
      <>
        {application?.status === 'pending' ? (
          <p role="status" className="alert alert-info">
            Your application for {application.companyName} is waiting for our answer. We will email
            you.
          </p>
        ) : (
          <>
            {application?.status === 'declined' ? (
              <div className="alert alert-error">
                <p className="alert-title">
                  Your application for {application.companyName} was declined.
                </p>
                {application.declineReason ? <p>Reason: {application.declineReason}</p> : null}
              </div>
            ) : null}
            <TradeApplicationForm />
          </>
        )}
      </>
    );
  }

  return (
    <section className="company-page" aria-labelledby="my-company-title">
      <title>My company · Toolworks</title>
      <h1 id="my-company-title">My company</h1>
      {content}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
