export { AdminDashboardRoute as Component } from '../components/admin-dashboard-route';
