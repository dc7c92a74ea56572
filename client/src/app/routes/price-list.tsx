import { useParams } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
import { NotFoundState, isWellFormedId } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useAdmin } from '@/features/auth';
import { NewPriceList, PriceListPage } from '@/features/price-lists/components/price-list-page';

/** `/dashboard/price-lists/new` is the create form; any other id is that list. */
export function Component() {
  const { id = '' } = useParams();
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Price list" />;
  if (id === 'new') return <NewPriceList />;
  if (!isWellFormedId(id)) return <PriceListNotFound />;
  return <PriceListPage key={id} id={id} />;
}

function PriceListNotFound() {
  return (
    <NotFoundState
      title="Price list"
      message="We couldn't find this price list."
      detail="The link may be wrong, or the list was deleted."
      back={{ to: paths.dashboard.priceLists, label: 'Back to Price lists' }}
    />
  );
}
