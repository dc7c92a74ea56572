export { DashboardLayout } from './dashboard-layout';
export { DashboardHome } from './dashboard-home';
