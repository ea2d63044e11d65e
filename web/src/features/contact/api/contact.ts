import type { ContactMessage } from '@tournament/shared';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/email/contactUs; answers the text to show (SPEC.md section 7). */
export async function sendContactMessage(message: ContactMessage): Promise<string> {
  const answer = await api.put<{ message: string }>('/api/email/contactUs', message);
  return answer.message;
}
