import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from '@/components/layout/route-error';
import { PageLoader } from '@/components/ui/page-loader';
import { paths, patterns } from '@/config/paths';
import { RequireAuth } from '@/features/auth';
import { Shell } from './shell';

const dashboard = paths.dashboard;

export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: Shell,
    HydrateFallback: PageLoader,
    // Last resort when the shell itself fails; page errors are caught inside the shell below.
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: paths.home, lazy: () => import('./routes/home') },
          { path: paths.blogs, lazy: () => import('./routes/blogs') },
          { path: paths.portfolio, lazy: () => import('./routes/portfolio') },
          { path: paths.tools, lazy: () => import('./routes/tools') },
          { path: patterns.tool, lazy: () => import('./routes/tool') },
          { path: paths.login, lazy: () => import('./routes/login') },
          { path: paths.signup, lazy: () => import('./routes/signup') },
          { path: paths.forgot, lazy: () => import('./routes/forgot') },
          { path: paths.cart, lazy: () => import('./routes/cart') },
          { path: paths.quickOrder, lazy: () => import('./routes/quick-order') },
          { path: patterns.invitation, lazy: () => import('./routes/accept-invitation') },
          // Visitors are sent to /login, which brings them back here afterwards.
          {
            Component: RequireAuth,
            children: [
              { path: patterns.purchase, lazy: () => import('./routes/purchase') },
              { path: paths.checkout, lazy: () => import('./routes/checkout') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      {
        path: dashboard.root,
        Component: RequireAuth,
        ErrorBoundary: RouteError,
        children: [
          {
            lazy: () => import('./routes/dashboard-layout'),
            // A failure in one dashboard screen keeps the sidebar usable.
            children: [
              {
                ErrorBoundary: RouteError,
                children: [
                  { index: true, lazy: () => import('./routes/overview') },
                  { path: dashboard.myOrders, lazy: () => import('./routes/my-orders') },
                  { path: dashboard.myProfile, lazy: () => import('./routes/my-profile') },
                  { path: patterns.payment, lazy: () => import('./routes/payment') },
                  { path: patterns.order, lazy: () => import('./routes/order') },
                  { path: dashboard.addReview, lazy: () => import('./routes/add-review') },
                  { path: dashboard.users, lazy: () => import('./routes/users') },
                  { path: dashboard.addTool, lazy: () => import('./routes/add-tool') },
                  { path: dashboard.manageTools, lazy: () => import('./routes/manage-tools') },
                  { path: patterns.editTool, lazy: () => import('./routes/manage-tools-edit') },
                  { path: dashboard.manageOrders, lazy: () => import('./routes/manage-orders') },
                  { path: dashboard.failedEmails, lazy: () => import('./routes/failed-emails') },
                  {
                    path: dashboard.failedDocuments,
                    lazy: () => import('./routes/failed-documents'),
                  },
                  {
                    path: dashboard.catalogueImport,
                    lazy: () => import('./routes/catalogue-import'),
                  },
                  { path: dashboard.reviews, lazy: () => import('./routes/admin-reviews') },
                  { path: dashboard.myQuotes, lazy: () => import('./routes/my-quotes') },
                  { path: dashboard.quotes, lazy: () => import('./routes/admin-quotes') },
                  { path: dashboard.savedLists, lazy: () => import('./routes/saved-lists') },
                  { path: patterns.savedList, lazy: () => import('./routes/saved-list') },
                  { path: dashboard.myCompany, lazy: () => import('./routes/my-company') },
                  { path: dashboard.companies, lazy: () => import('./routes/admin-companies') },
                  { path: patterns.company, lazy: () => import('./routes/admin-company') },
                  { path: dashboard.invoices, lazy: () => import('./routes/admin-invoices') },
                  { path: dashboard.returns, lazy: () => import('./routes/admin-returns') },
                  { path: dashboard.tax, lazy: () => import('./routes/admin-tax') },
                  { path: dashboard.priceLists, lazy: () => import('./routes/price-lists') },
                  // "new" is the create form; any other segment is a list's id.
                  { path: patterns.priceList, lazy: () => import('./routes/price-list') },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
