/**
 * Every query key of the app, one factory per resource the API serves. The keys are a tree: a
 * resource's root (`queryKeys.orders.all`) marks stale everything under it, so an order placed
 * from the cart refreshes My Orders, the order page and Manage Orders alike.
 *
 * One module rather than one per feature: features do not import each other, yet each one changes
 * resources others show (paying refreshes the catalogue's stock, a review the tool's rating), and
 * two spellings of one key would silently stop refreshing each other.
 */
export const queryKeys = {
  tools: {
    all: ['tools'] as const,
    list: (params: object) => ['tools', 'list', params] as const,
    detail: (id: string) => ['tools', 'detail', id] as const,
    suggest: (term: string) => ['tools', 'suggest', term] as const,
    /** The admin's Manage Tools pages, under 'tools' so every catalogue change reloads them. */
    manage: (page: number, search: string) => ['tools', 'manage', page, search] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: (params: object) => ['categories', params] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: (email: string) => ['orders', 'mine', email.toLowerCase()] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
    /** Manage Orders' pages. */
    everyone: ['orders', 'all'] as const,
    everyonePage: (params: object) => ['orders', 'all', params] as const,
  },
  cart: {
    all: ['cart'] as const,
    mine: (email: string) => ['cart', email.toLowerCase()] as const,
    /** The cart's tax where it ships (GET /cart/tax): under 'cart', so a changed cart redoes it. */
    tax: (email: string, shipTo: object) => ['cart', email.toLowerCase(), 'tax', shipTo] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: ['companies', 'list'] as const,
    detail: (id: string) => ['companies', id] as const,
    /** The signed-in member's own company (My company, the checkout's delivery addresses). */
    mine: ['company', 'mine'] as const,
    /** The caller's company's orders awaiting approval, and all its orders (approvers). */
    approvals: ['orders', 'company', 'approvals'] as const,
    orders: ['orders', 'company', 'all'] as const,
    /** The company's quotes the caller may see (by role). */
    quotes: ['quotes', 'company'] as const,
  },
  priceLists: {
    all: ['price-lists'] as const,
    list: ['price-lists', 'list'] as const,
    detail: (id: string) => ['price-lists', 'detail', id] as const,
  },
  /** A price's explanation: under 'price-lists' too, so editing a list refreshes it. */
  explain: (params: object) => ['price-lists', 'explain', params] as const,
  /** Issue 51: the admin's tax settings; a company's certificates sit with the expiring ones. */
  tax: {
    rates: ['tax', 'rates'] as const,
    nexus: ['tax', 'nexus'] as const,
    certificates: ['tax', 'certificates'] as const,
    expiring: ['tax', 'certificates', 'expiring'] as const,
    certificatesOf: (companyId: string) => ['tax', 'certificates', companyId] as const,
  },
  invoices: {
    all: ['invoices'] as const,
    list: (state: string) => ['invoices', 'list', state] as const,
    mine: ['invoices', 'mine'] as const,
    ofOrder: (orderId: string) => ['invoices', 'order', orderId] as const,
  },
  /** Issue 53: an order's refunds, credit notes and returns; the admin's returns by status. */
  refunds: {
    all: ['refunds'] as const,
    ofOrder: (orderId: string) => ['refunds', 'order', orderId] as const,
  },
  returns: {
    all: ['returns'] as const,
    list: (status: string) => ['returns', 'list', status] as const,
  },
  tradeApplications: {
    all: ['trade-applications'] as const,
    pending: ['trade-applications', 'pending'] as const,
  },
  invitations: {
    detail: (token: string) => ['invitations', token] as const,
    preview: (token: string) => ['invitations', token, 'preview'] as const,
  },
  lists: {
    all: ['lists'] as const,
    detail: (id: string) => ['lists', id] as const,
  },
  quotes: {
    all: ['quotes'] as const,
    mine: ['quotes', 'mine'] as const,
    everyone: (status: string) => ['quotes', 'all', status] as const,
    /** An offer's tax where it ships: per version, so a re-offer is taxed afresh. */
    tax: (id: string, version: number, shipTo: object) =>
      ['quotes', 'tax', id, version, shipTo] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    list: ['reviews', 'list'] as const,
    tool: (toolId: string) => ['reviews', 'tool', toolId] as const,
    moderation: ['reviews', 'admin'] as const,
  },
  profile: {
    mine: (email: string) => ['profile', email.toLowerCase()] as const,
  },
  users: {
    all: ['users', 'list'] as const,
    list: (removed: boolean, search: string) =>
      ['users', 'list', removed ? 'removed' : 'active', search] as const,
  },
  admin: {
    all: ['admin'] as const,
    check: (email: string | undefined) => ['admin', email] as const,
  },
  stats: {
    all: ['stats'] as const,
    overview: ['stats', 'overview'] as const,
  },
  outbox: {
    failed: ['outbox', 'failed'] as const,
  },
  failedDocuments: {
    all: ['failed-documents'] as const,
  },
  /** The admin's tax meters; no year: the server's this year. */
  taxMeters: {
    nexus: (year: number | undefined) => ['tax-meters', 'nexus', year ?? 'this'] as const,
    euDistance: (year: number | undefined) =>
      ['tax-meters', 'eu-distance', year ?? 'this'] as const,
  },
  payments: {
    config: ['payments', 'config'] as const,
    intent: (orderId: string) => ['payments', 'intent', orderId] as const,
    invoiceIntent: (number: string) => ['payments', 'invoice-intent', number] as const,
  },
};
