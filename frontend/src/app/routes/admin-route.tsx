export { AdminDashboardRoute as Component } from '../../features/admin/components/admin-dashboard-route';
