import type { AdminLogoutResponse, AdminSessionResponse } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

export function authenticateAdmin(password: string): Promise<AdminSessionResponse> {
  return apiRequest<AdminSessionResponse>('/api/admin/authenticate', { method: 'POST', body: { password } });
}

export function verifyAdminSession(): Promise<AdminSessionResponse> {
  return apiRequest<AdminSessionResponse>('/api/admin/verify', { method: 'POST' });
}

export function logoutAdmin(): Promise<AdminLogoutResponse> {
  return apiRequest<AdminLogoutResponse>('/api/admin/logout', { method: 'POST' });
}

/** Ends every admin session on the server, this browser's included. */
export function logoutAdminEverywhere(): Promise<AdminLogoutResponse> {
  return apiRequest<AdminLogoutResponse>('/api/admin/logout-everywhere', { method: 'POST' });
}
