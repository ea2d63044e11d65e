import { STAFF_API, type StaffAccountRole, type StaffInviteRequest } from '@shared/contract/staff.ts';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, useQuery } from '@web/lib/use-query.ts';

// The Staff page's calls (decision 049).

const KEY = 'admin:staff';
const refreshed = async <T>(answer: Promise<T>): Promise<T> => {
  const value = await answer;
  invalidateQueries(KEY);
  return value;
};

export const useStaff = () => useQuery(KEY, () => api.call(STAFF_API.list));
export const inviteStaff = (body: StaffInviteRequest) => refreshed(api.call(STAFF_API.invite, { body }));
export const withdrawInvite = (inviteId: number) =>
  refreshed(api.call(STAFF_API.withdrawInvite, { params: { inviteId } }));
export const changeStaffRole = (userId: number, role: StaffAccountRole) =>
  refreshed(api.call(STAFF_API.changeRole, { params: { userId }, body: { role } }));
export const revokeStaff = (userId: number) => refreshed(api.call(STAFF_API.revoke, { params: { userId } }));
