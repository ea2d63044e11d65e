import twilio from 'twilio';
import type { TwilioConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { devSmsOutbox } from '../db/schema.ts';
import { logger } from './logger.ts';
import { smsFailed, smsSent } from './metrics.ts';

// SMS (decision 024): the official `twilio` SDK when TWILIO_* is configured (TWILIO_API_BASE points
// it at a stand-in in tests); without it each SMS goes to the dev outbox a SuperAdmin can read,
// as mail does without SMTP_URL.

export interface SmsSender {
  /** Hands the SMS to the provider; answers its id. Throws when the provider refuses it. */
  send(to: string, body: string): Promise<{ providerId: string }>;
  /** Twilio's auth token, to verify its webhooks (undefined without Twilio). */
  readonly authToken: string | undefined;
}

export function createSmsSender(opts: { twilio: TwilioConfig | undefined; db: Db }): SmsSender {
  const config = opts.twilio;
  if (config) {
    const client = twilio(config.accountSid, config.authToken);
    if (config.apiBase) client.api.baseUrl = config.apiBase.replace(/\/+$/, '');
    const from = config.from;
    return {
      authToken: config.authToken,
      send: counted('twilio', async (to, body) => {
        const message = await client.messages.create(
          from.startsWith('MG') ? { to, body, messagingServiceSid: from } : { to, body, from },
        );
        return { providerId: message.sid };
      }),
    };
  }
  return {
    authToken: undefined,
    send: counted('dev', async (to, body) => {
      const [row] = await opts.db
        .insert(devSmsOutbox)
        .values({ toNumber: to, body })
        .returning({ id: devSmsOutbox.id });
      logger.info({ smsId: row?.id }, 'SMS (no Twilio configured): kept in the dev SMS outbox');
      return { providerId: `dev-${row?.id ?? 0}` };
    }),
  };
}

/** `send`, counted in sms_sent_total or sms_failed_total (lib/metrics.ts). */
function counted(transport: 'twilio' | 'dev', send: SmsSender['send']): SmsSender['send'] {
  return async (to, body) => {
    let answer: { providerId: string };
    try {
      answer = await send(to, body);
    } catch (err) {
      smsFailed.inc({ transport });
      throw err;
    }
    smsSent.inc({ transport });
    return answer;
  };
}
