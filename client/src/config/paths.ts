// Every route path lives here; components build links with these helpers so a renamed route
// is one edit. `patterns` holds the router's `:param` forms of the parameterised paths.
const id = (value: string) => encodeURIComponent(value);

export const paths = {
  root: '/',
  home: '/home',
  blogs: '/blogs',
  portfolio: '/my-portfolio',
  login: '/login',
  signup: '/signup',
  forgot: '/forgot',
  purchase: (toolId: string) => `/purchase/${id(toolId)}`,
  cart: '/cart',
  quickOrder: '/quick-order',
  checkout: '/checkout',
  tools: '/tools',
  tool: (toolId: string) => `/tool/${id(toolId)}`,
  invitation: (token: string) => `/invitations/${id(token)}`,
  /** Admin pages in the dashboard's frame, outside /dashboard (issue 51 names /admin/tax). */
  admin: {
    tax: '/admin/tax',
  },
  dashboard: {
    root: '/dashboard',
    myOrders: '/dashboard/my-orders',
    myProfile: '/dashboard/my-profile',
    payment: (orderId: string) => `/dashboard/payment/${id(orderId)}`,
    order: (orderId: string) => `/dashboard/orders/${id(orderId)}`,
    addReview: '/dashboard/add-review',
    users: '/dashboard/users',
    addTool: '/dashboard/addtool',
    manageTools: '/dashboard/manageTools',
    editTool: (toolId: string) => `/dashboard/manageTools/${id(toolId)}/edit`,
    manageOrders: '/dashboard/manage-orders',
    failedEmails: '/dashboard/failed-emails',
    catalogueImport: '/dashboard/catalogue-import',
    reviews: '/dashboard/reviews',
    myQuotes: '/dashboard/my-quotes',
    quotes: '/dashboard/quotes',
    savedLists: '/dashboard/saved-lists',
    savedList: (listId: string) => `/dashboard/saved-lists/${id(listId)}`,
    myCompany: '/dashboard/my-company',
    companies: '/dashboard/companies',
    company: (companyId: string) => `/dashboard/companies/${id(companyId)}`,
    invoices: '/dashboard/invoices',
    priceLists: '/dashboard/price-lists',
    newPriceList: '/dashboard/price-lists/new',
    priceList: (listId: string) => `/dashboard/price-lists/${id(listId)}`,
  },
} as const;

export const patterns = {
  purchase: '/purchase/:id',
  tool: '/tool/:id',
  payment: '/dashboard/payment/:id',
  order: '/dashboard/orders/:id',
  editTool: '/dashboard/manageTools/:id/edit',
  savedList: '/dashboard/saved-lists/:id',
  company: '/dashboard/companies/:id',
  priceList: '/dashboard/price-lists/:id',
  invitation: '/invitations/:token',
} as const;
