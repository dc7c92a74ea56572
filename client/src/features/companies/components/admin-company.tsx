import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useCompany } from '../api/admin-companies';
import { CompanyForm } from './company-form';
import { CompanyPriceLists } from './company-price-lists';
import { CompanyVatPanel } from './company-vat-panel';
import { ExplainPricePanel } from './explain-price-panel';
import { MembersPanel } from './members-panel';
import { ResaleCertificatesPanel } from './resale-certificates-panel';
import './companies.css';

/**
 * One company for the shop's admin: its details to edit, its VAT ID and resale certificates, its
 * price lists (and why a tool costs what it does for it), its members and invitations.
 */
export function AdminCompany({ id, email }: { id: string; email: string }) {
  const company = useCompany(id);
  const { toast, show, dismiss } = useToast();
  const name = company.data?.name ?? 'Company';
  return (
    <section className="company-page" aria-labelledby="company-title">
      <title>{`${name} · Toolworks`}</title>
      <p>
        <Link to={paths.dashboard.companies}>← All companies</Link>
      </p>
      <h1 id="company-title">{name}</h1>
      {company.isPending ? (
        <PageLoader />
      ) : company.isError ? (
        <ErrorState
          title="We couldn't load this company."
          message={company.error.message}
          onRetry={() => void company.refetch()}
          retrying={company.isFetching}
        />
      ) : (
        <>
          <CompanyForm
            key={company.data.updatedAt}
            company={company.data}
            onSaved={(saved) => show(`${saved.name} saved`)}
          />
          <CompanyVatPanel company={company.data} onDone={show} />
          <ResaleCertificatesPanel companyId={id} onDone={show} />
          <CompanyPriceLists
            key={`pricing-${company.data.updatedAt}`}
            company={company.data}
            onSaved={show}
          />
          <ExplainPricePanel companyId={id} />
          <MembersPanel
            company={company.data}
            scope={{ kind: 'shop', companyId: id }}
            currentEmail={email}
            onDone={show}
          />
        </>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
