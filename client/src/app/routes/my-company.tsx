import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { MyCompany } from '@/features/companies/components/my-company';
import { CompanyInvoices } from '@/features/invoices/components/company-invoices';
import { useSession } from '@/lib/session';

export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <MyCompany key={user.email} email={user.email} forCompanyAdmins={<CompanyInvoices />} />;
}
