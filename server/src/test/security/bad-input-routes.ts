import fc from 'fast-check';
import {
  badAddress,
  badEmail,
  badId,
  badImage,
  badInteger,
  badLink,
  badOptionalText,
  badPhone,
  badPrice,
  badRatings,
  badRequiredText,
  badStatus,
  badTransactionId,
  long,
  wrongType,
} from './bad-input-values.js';

/**
 * Every API route with what it takes to reach its validation: credentials, real ids, a valid
 * body, and for each param, query key and body field the values that are wrong for it.
 * Kept by hand from the routers (app.ts mounts them all under /api): a route missing here is
 * caught by the test's "every mounted route is covered" check.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Credentials = 'none' | 'customer' | 'admin' | 'firebase' | 'stripe';

/** The real records and sessions the valid parts of a request point at. */
export interface Fixture {
  toolId: string;
  /** An unpaid order of the customer (minimum 10, stock 500 for its tool). */
  orderId: string;
  /** A paid, unshipped order, for the ship route. */
  paidOrderId: string;
  customerEmail: string;
}

export interface BodySpec {
  valid(f: Fixture): Record<string, unknown>;
  bad: Record<string, fc.Arbitrary<unknown>>;
  /** Fields whose absence alone makes the body invalid. */
  required: string[];
}

export interface RouteSpec {
  method: Method;
  /** Express path under /api, e.g. `/order/:id`. */
  path: string;
  credentials: Credentials;
  params?: Record<string, { valid(f: Fixture): string; bad: fc.Arbitrary<unknown> }>;
  /** Query keys and values (as they appear in a URL) that are wrong for them. */
  query?: Record<string, fc.Arbitrary<string | string[]>>;
  body?: BodySpec;
}

const id = (pick: (f: Fixture) => string) => ({ valid: pick, bad: badId });
const email = { valid: (f: Fixture) => f.customerEmail, bad: badEmail };

const badPage = fc.constantFrom(
  '0', '-1', '1e308', String(2 ** 53 + 1), 'NaN', 'Infinity', '1.5', 'abc', '1000001', '[]',
  ['1', '2'], ['x'],
);
const badLimit = fc.oneof(badPage, fc.constantFrom('101', '100000', '-100'));
const badSearch = fc.constantFrom(long(101), long(5000), long(1000, 'é'), ['a', 'b']);

const toolBody: BodySpec = {
  valid: () => ({
    name: 'Fuzzed Wrench',
    img: '/images/tools/fuzzed-wrench.svg',
    price: 19.99,
    description: 'Never stored: every request that carries it is malformed.',
    availableQuantity: 100,
    MinimumOrderQuantity: 10,
  }),
  bad: {
    name: badRequiredText(120),
    img: badImage,
    price: badPrice,
    description: badOptionalText(2000),
    availableQuantity: badInteger(0, 10_000_000),
    MinimumOrderQuantity: fc.oneof(badInteger(1, 10_000_000), fc.constant(101)),
  },
  required: ['name', 'img', 'price', 'description', 'availableQuantity', 'MinimumOrderQuantity'],
};

const badOptional = (max: number) => badOptionalText(max);

export const ROUTES: RouteSpec[] = [
  { method: 'get', path: '/health', credentials: 'none' },
  {
    method: 'get',
    path: '/tools',
    credentials: 'none',
    query: { page: badPage, limit: badLimit, search: badSearch },
  },
  { method: 'get', path: '/tool/:id', credentials: 'none', params: { id: id((f) => f.toolId) } },
  { method: 'get', path: '/allReviews', credentials: 'none' },
  {
    method: 'post',
    path: '/addReview',
    credentials: 'customer',
    body: {
      valid: () => ({ review: 'Fuzzed review, never stored.', ratings: 5 }),
      bad: { review: badRequiredText(1000), ratings: badRatings },
      required: ['review', 'ratings'],
    },
  },
  {
    method: 'put',
    path: '/user/:email',
    credentials: 'firebase',
    params: { email },
    body: {
      valid: (f) => ({ email: f.customerEmail, name: 'Casey Customer' }),
      bad: { name: badRequiredText(100), email: fc.oneof(wrongType, fc.integer()) },
      required: [],
    },
  },
  { method: 'get', path: '/admin/:email', credentials: 'customer', params: { email } },
  { method: 'get', path: '/userDetails/:email', credentials: 'customer', params: { email } },
  {
    method: 'post',
    path: '/addUser',
    credentials: 'customer',
    body: {
      valid: (f) => ({
        name: 'Casey Customer',
        email_address: f.customerEmail,
        LinkedIn_profile_link: 'https://www.linkedin.com/in/casey',
        country: 'United Kingdom',
        street_address: '12 Forge Lane',
        city: 'Sheffield',
        state: 'South Yorkshire',
        phone: '+44 114 496 0000',
      }),
      bad: {
        name: badRequiredText(100),
        email_address: badEmail,
        LinkedIn_profile_link: badLink,
        country: badOptional(100),
        street_address: badOptional(200),
        city: badOptional(100),
        state: badOptional(100),
        phone: fc.oneof(badOptional(30), fc.constantFrom('abc', 'call me', '<script>', '1;2')),
      },
      required: ['name'],
    },
  },
  { method: 'get', path: '/users', credentials: 'admin' },
  { method: 'put', path: '/user/admin/:email', credentials: 'admin', params: { email } },
  { method: 'delete', path: '/user/:email', credentials: 'admin', params: { email } },
  {
    method: 'post',
    path: '/addOrderItem',
    credentials: 'customer',
    body: {
      valid: (f) => ({
        toolId: f.toolId,
        quantity: 10,
        userName: 'Casey Customer',
        userPhone: '+1 555 0100',
        userAddress: '12 Forge Lane, Sheffield',
      }),
      // The tool takes 10 to 500: outside that the service refuses what the schema lets by.
      bad: {
        toolId: badId,
        quantity: badInteger(10, 500),
        userName: badOptional(100),
        userPhone: badPhone,
        userAddress: badAddress,
      },
      required: ['toolId', 'quantity', 'userPhone', 'userAddress'],
    },
  },
  { method: 'get', path: '/myOrders/:email', credentials: 'customer', params: { email } },
  { method: 'get', path: '/order/:id', credentials: 'customer', params: { id: id((f) => f.orderId) } },
  { method: 'delete', path: '/order/:id', credentials: 'customer', params: { id: id((f) => f.orderId) } },
  { method: 'get', path: '/payments/config', credentials: 'none' },
  {
    method: 'post',
    path: '/create-payment-intent',
    credentials: 'customer',
    body: { valid: (f) => ({ orderId: f.orderId }), bad: { orderId: badId }, required: ['orderId'] },
  },
  {
    method: 'patch',
    path: '/order/:id',
    credentials: 'customer',
    params: { id: id((f) => f.orderId) },
    body: {
      valid: (f) => ({ order: f.orderId, transactionId: 'pi_test_fuzzed' }),
      bad: { order: badId, transactionId: badTransactionId },
      required: ['transactionId'],
    },
  },
  {
    method: 'post',
    path: '/payments/test/confirm',
    credentials: 'customer',
    body: {
      valid: () => ({
        clientSecret: 'pi_test_fuzzed_secret_fuzzed',
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
        name: 'Casey Customer',
        email: 'casey@example.com',
      }),
      bad: {
        clientSecret: fc.oneof(wrongType, fc.constantFrom('', long(301), long(60_000))),
        cardNumber: fc.oneof(wrongType, fc.integer(), fc.constantFrom(long(41, '4'))),
        expMonth: badInteger(0, 99),
        expYear: badInteger(0, 9999),
        cvc: fc.oneof(wrongType, fc.integer(), fc.constantFrom(long(9, '1'))),
        name: badOptional(100),
        email: fc.oneof(wrongType, fc.constantFrom(long(255))),
      },
      required: ['clientSecret', 'cardNumber', 'expMonth', 'expYear', 'cvc'],
    },
  },
  { method: 'post', path: '/addtools', credentials: 'admin', body: toolBody },
  {
    method: 'put',
    path: '/tool/:id',
    credentials: 'admin',
    params: { id: id((f) => f.toolId) },
    body: toolBody,
  },
  { method: 'delete', path: '/delete/:id', credentials: 'admin', params: { id: id((f) => f.toolId) } },
  {
    method: 'get',
    path: '/orders',
    credentials: 'admin',
    query: { status: badStatus.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), page: badPage, limit: badLimit },
  },
  {
    method: 'patch',
    path: '/order/:id/ship',
    credentials: 'admin',
    params: { id: id((f) => f.paidOrderId) },
  },
  { method: 'get', path: '/stats/overview', credentials: 'admin' },
  { method: 'post', path: '/webhooks/stripe', credentials: 'stripe' },
];
