import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { CatalogueImport } from '@/features/catalogue-io/components/catalogue-import';
import { useAdmin } from '@/features/auth';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Import/Export" />;
  return <CatalogueImport />;
}
