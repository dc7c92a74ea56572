import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { MyCompany } from '@/features/companies/components/my-company';
import { CompanyInvoices } from '@/features/invoices/components/company-invoices';
import { InvoiceCardPayment } from '@/features/payment/components/invoice-card-payment';
import { useSession } from '@/lib/session';

export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  const payer = { name: user.displayName ?? '', email: user.email };
  return (
    <MyCompany
      key={user.email}
      email={user.email}
      forCompanyAdmins={
        <CompanyInvoices
          payByCard={(invoice, onPaid) => (
            <InvoiceCardPayment
              key={invoice.number}
              number={invoice.number}
              payer={payer}
              onPaid={onPaid}
            />
          )}
        />
      }
    />
  );
}
