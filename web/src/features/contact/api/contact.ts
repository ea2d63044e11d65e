import { PUBLIC_API, type ContactMessage } from '@shared/contract/public.ts';
import { api } from '@web/lib/api-client.ts';

/** PUT /api/email/contactUs; answers the text to show (docs/product.md §7). */
export async function sendContactMessage(message: ContactMessage): Promise<string> {
  const answer = await api.call(PUBLIC_API.contactUs, { body: message });
  return answer.message;
}
