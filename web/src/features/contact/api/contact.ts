import { MessageSchema, PUBLIC_PATHS, type ContactMessage } from '@shared/contract/public.ts';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/email/contactUs; answers the text to show (docs/product.md §7). */
export async function sendContactMessage(message: ContactMessage): Promise<string> {
  const answer = await api.put(PUBLIC_PATHS.contactUs, message, MessageSchema);
  return answer.message;
}
