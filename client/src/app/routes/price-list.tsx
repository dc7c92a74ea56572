import { useParams } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { useAdmin } from '@/features/auth';
import { NewPriceList, PriceListPage } from '@/features/price-lists/components/price-list-page';

/** `/dashboard/price-lists/new` is the create form; any other id is that list. */
export function Component() {
  const { id = '' } = useParams();
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Price list" />;
  return id === 'new' ? <NewPriceList /> : <PriceListPage key={id} id={id} />;
}
