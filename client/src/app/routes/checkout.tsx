import { useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { CheckoutPage } from '@/features/cart/components/checkout-page';
import { useMyCompany } from '@/features/companies/api/my-company';
import { useSession } from '@/lib/session';
import { useContactDefaults } from '../contact-defaults';

// The cart and profile features meet here; the router guards this page for signed-in users.
export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  const contact = useContactDefaults(user?.email ?? '', user?.displayName ?? '');
  // A company member may deliver to one of the company's addresses; offered once it is known.
  const company = useMyCompany(Boolean(user));
  // The form is the page's heaviest render: once the contact details are in, it is drawn
  // deferred (interruptible, in slices) rather than in one long task.
  const contactLoading = useDeferredValue(contact.loading);
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (contactLoading) return <PageLoader />;
  return (
    <CheckoutPage
      key={user.email}
      email={user.email}
      defaults={contact.defaults}
      companyAddresses={company.data?.company?.deliveryAddresses}
      buying={company.data?.buying}
      savedCountry={contact.country}
      invoiceTerms={
        company.data?.company && company.data.company.paymentTerms !== 'none'
          ? company.data.company.paymentTerms
          : undefined
      }
    />
  );
}
