import {
  COMMUNICATION_API as C,
  type CommunicationSettingsInput,
  type Compose,
  type TemplateInput,
} from '@shared/contract/communications.ts';
import { PUBLIC_API } from '@shared/contract/public.ts';
import { api } from '@web/lib/api-client.ts';
import { invalidateQueries, useQuery } from '@web/lib/use-query.ts';

// Communications (decision 024): compose, preview, send in the background, watch the progress,
// history, templates and the SMS cost cap.

export const useTournaments = () => useQuery('tournaments', () => api.call(PUBLIC_API.tournaments));

export const useCommunicationOptions = (tournamentId: number | undefined) =>
  useQuery(`communications:options:${tournamentId ?? 'none'}`, () =>
    tournamentId ? api.call(C.options, { params: { tournamentId } }) : Promise.resolve(undefined),
  );

export const useAudienceRegistrations = (tournamentId: number | undefined) =>
  useQuery(`communications:registrations:${tournamentId ?? 'none'}`, () =>
    tournamentId ? api.call(C.registrations, { params: { tournamentId } }) : Promise.resolve([]),
  );

export const useHistory = (tournamentId: number | undefined) =>
  useQuery(`communications:history:${tournamentId ?? 'none'}`, () =>
    tournamentId ? api.call(C.history, { params: { tournamentId } }) : Promise.resolve([]),
  );

export const useMessage = (messageId: number) =>
  useQuery(`communications:message:${messageId}`, () => api.call(C.message, { params: { messageId } }));

export const previewMessage = (input: Compose) => api.call(C.preview, { body: input });

/** "Send a test to me": the server's answer names the address it went to. */
export const sendTestMessage = async (input: Compose) => (await api.call(C.test, { body: input })).message;

export async function sendMessage(input: Compose) {
  const result = await api.call(C.send, { body: input });
  invalidateQueries('communications:history:');
  return result;
}

export async function saveTemplate(input: TemplateInput) {
  const template = await api.call(C.createTemplate, { body: input });
  invalidateQueries('communications:options:');
  return template;
}

export async function removeTemplate(templateId: number) {
  await api.call(C.deleteTemplate, { params: { templateId } });
  invalidateQueries('communications:options:');
}

export async function saveSmsSettings(tournamentId: number, input: CommunicationSettingsInput) {
  const settings = await api.call(C.settings, { params: { tournamentId }, body: input });
  invalidateQueries('communications:options:');
  return settings;
}
