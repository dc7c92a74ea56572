import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { useAdmin } from '@/features/auth';
import { TaxPage } from '@/features/tax/components/tax-page';
import { EuDistanceSalesMeter, NexusMeter, TaxReportsSection } from '@/features/tax-reports';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Tax" />;
  // Features never import each other: the settings and the reports meet here.
  return (
    <TaxPage
      meters={
        <>
          <NexusMeter />
          <EuDistanceSalesMeter />
        </>
      }
      reports={<TaxReportsSection />}
    />
  );
}
