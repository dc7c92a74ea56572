import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useTabStrip } from './use-tab-strip';

const myQuotesLink = { to: paths.dashboard.myQuotes, label: 'My Quotes' };
const savedListsLink = { to: paths.dashboard.savedLists, label: 'Saved lists' };
const customerLinks = [
  { to: paths.dashboard.myOrders, label: 'My Orders' },
  { to: paths.dashboard.addReview, label: 'Add a Review' },
  myQuotesLink,
  savedListsLink,
  { to: paths.dashboard.myCompany, label: 'My company' },
];
// An admin may buy too: their quotes and lists stay one click away. My Orders is a customer link
// (the spec's rule): an admin finds their own orders from Manage Orders ("Your own orders").
const adminOwnLinks = [myQuotesLink, savedListsLink];
const everyoneLinks = [{ to: paths.dashboard.myProfile, label: 'My Profile' }];
// The admin's /dashboard is the shop's overview; it leads the list.
const overviewLink = [{ to: paths.dashboard.root, label: 'Overview' }];
const adminLinks = [
  { to: paths.dashboard.users, label: 'All Users' },
  { to: paths.dashboard.addTool, label: 'Add a Tool' },
  { to: paths.dashboard.manageTools, label: 'Manage Tools' },
  { to: paths.dashboard.catalogueImport, label: 'Import/Export' },
  { to: paths.dashboard.manageOrders, label: 'Manage Orders' },
  { to: paths.dashboard.failedEmails, label: 'Failed Emails' },
  { to: paths.dashboard.failedDocuments, label: 'Failed Documents' },
  { to: paths.dashboard.reviews, label: 'Reviews' },
  { to: paths.dashboard.quotes, label: 'Quotes' },
  { to: paths.dashboard.companies, label: 'Companies' },
  { to: paths.dashboard.priceLists, label: 'Price lists' },
  { to: paths.dashboard.invoices, label: 'Invoices' },
  { to: paths.dashboard.returns, label: 'Returns' },
  { to: paths.dashboard.tax, label: 'Tax' },
];

/**
 * The spec's role rules: customer links (My Orders, Add a Review, ...) only when the admin flag
 * is exactly false, admin links (with the admin's own My Quotes and Saved lists) only when it is
 * true; while the answer is pending (undefined) neither, so nobody sees links that are not
 * theirs flash by.
 */
export function Sidebar({ admin }: { admin: boolean | undefined }) {
  const strip = useTabStrip<HTMLUListElement>(admin);
  const links = [
    ...(admin === true ? [...overviewLink, ...adminOwnLinks] : []),
    ...(admin === false ? customerLinks : []),
    ...everyoneLinks,
    ...(admin === true ? adminLinks : []),
  ];
  return (
    <nav className="dashboard-nav" aria-label="Dashboard">
      <ul ref={strip}>
        {links.map((link) => (
          <li key={link.to}>
            {/* `end`: the overview (/dashboard) is current only on itself, not on every page. */}
            <NavLink to={link.to} end={link.to === paths.dashboard.root}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {admin === undefined ? (
        <p role="status" className="dashboard-nav-status">
          Checking your access…
        </p>
      ) : null}
    </nav>
  );
}
