import { SYSTEM_API } from '@shared/contract/system.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The System page's reads and its one action (decision 041). SuperAdmin only, on the server as here.

export const useSystemReport = () => useQuery('system:report', () => api.call(SYSTEM_API.report));

export const sendTestEmail = () => api.call(SYSTEM_API.testEmail);
