import type { Locale } from '@shared/i18n/locale.ts';
import { USER_API } from '@shared/contract/users.ts';
import { api } from './api-client.ts';

/** Saves the signed-in account's language: its screens and every message it gets (decision 037). */
export const saveAccountLanguage = (language: Locale) => api.call(USER_API.language, { body: { language } });
