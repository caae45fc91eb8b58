import { API_ROUTES, type AdminLogoutResponse, type AdminSessionResponse } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

export function authenticateAdmin(password: string): Promise<AdminSessionResponse> {
  return apiCall(API_ROUTES.adminAuthenticate, { body: { password } });
}

export function verifyAdminSession(): Promise<AdminSessionResponse> {
  return apiCall(API_ROUTES.adminVerify);
}

export function logoutAdmin(): Promise<AdminLogoutResponse> {
  return apiCall(API_ROUTES.adminLogout);
}

/** Ends every admin session on the server, this browser's included. */
export function logoutAdminEverywhere(): Promise<AdminLogoutResponse> {
  return apiCall(API_ROUTES.adminLogoutEverywhere);
}
