import { COMMUNICATION_API } from '@shared/contract/communications.ts';
import { DEV_API } from '@shared/contract/dev.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The dev outbox (decision 024): what the server kept instead of sending, without TWILIO_* (SMS)
// or SMTP_URL (mail). SuperAdmin only, on the server as here.

export const useDevSmsOutbox = () =>
  useQuery('dev:sms-outbox', () => api.call(COMMUNICATION_API.devSmsOutbox));

export const useDevMailbox = () => useQuery('dev:mailbox', () => api.call(DEV_API.mailbox));
