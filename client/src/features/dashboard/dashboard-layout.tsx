import { Outlet } from 'react-router-dom';
import { Sidebar } from './sidebar';
import './dashboard.css';

/** The dashboard frame: the role-aware sidebar (a top list on phones) and the chosen screen. */
export function DashboardLayout({ admin }: { admin: boolean | undefined }) {
  return (
    <div className="container dashboard">
      <Sidebar admin={admin} />
      <div className="dashboard-content">
        <Outlet />
      </div>
    </div>
  );
}
