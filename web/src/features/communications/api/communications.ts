import {
  AudienceRegistrationListSchema,
  COMMUNICATION_PATHS,
  CommunicationOptionsSchema,
  CommunicationSettingsSchema,
  MessageDetailSchema,
  MessageSummaryListSchema,
  PreviewSchema,
  SendResultSchema,
  TemplateSchema,
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
    tournamentId
      ? api.get(COMMUNICATION_PATHS.options(tournamentId), CommunicationOptionsSchema)
      : Promise.resolve(undefined),
  );

export const useAudienceRegistrations = (tournamentId: number | undefined) =>
  useQuery(`communications:registrations:${tournamentId ?? 'none'}`, () =>
    tournamentId
      ? api.get(COMMUNICATION_PATHS.registrations(tournamentId), AudienceRegistrationListSchema)
      : Promise.resolve([]),
  );

export const useHistory = (tournamentId: number | undefined) =>
  useQuery(`communications:history:${tournamentId ?? 'none'}`, () =>
    tournamentId
      ? api.get(COMMUNICATION_PATHS.history(tournamentId), MessageSummaryListSchema)
      : Promise.resolve([]),
  );

export const useMessage = (messageId: number) =>
  useQuery(`communications:message:${messageId}`, () =>
    api.get(COMMUNICATION_PATHS.message(messageId), MessageDetailSchema),
  );

export const previewMessage = (input: Compose) => api.post(COMMUNICATION_PATHS.preview, input, PreviewSchema);

export async function sendMessage(input: Compose) {
  const result = await api.post(COMMUNICATION_PATHS.send, input, SendResultSchema);
  invalidateQueries('communications:history:');
  return result;
}

export async function saveTemplate(input: TemplateInput) {
  const template = await api.post(COMMUNICATION_PATHS.templates, input, TemplateSchema);
  invalidateQueries('communications:options:');
  return template;
}

export async function removeTemplate(templateId: number) {
  await api.del(COMMUNICATION_PATHS.template(templateId));
  invalidateQueries('communications:options:');
}

export async function saveSmsSettings(tournamentId: number, input: CommunicationSettingsInput) {
  const settings = await api.put(
    COMMUNICATION_PATHS.settings(tournamentId),
    input,
    CommunicationSettingsSchema,
  );
  invalidateQueries('communications:options:');
  return settings;
}
