import { startTwilioStandIn, type StandInSms } from '../../sync-server/src/testing/twilio-stand-in.ts';

// The SMS side of an end-to-end stack (decision 024): the server's real `twilio` SDK sends to a
// local stand-in of Twilio's Messages API (the server tests' own), reached through
// TWILIO_API_BASE. Start it before the stack and pass `serverEnv` to `startStack`.

export type { StandInSms };

export interface SmsStandIn {
  /** Every SMS the stand-in accepted, in order (`to` in E.164). */
  messages: StandInSms[];
  /** The server environment that points its twilio client here. */
  serverEnv: Record<string, string>;
  /** The messages matching `pred`, once there is at least one (received already or still to come). */
  waitFor(pred: (m: StandInSms) => boolean, timeoutMs?: number): Promise<StandInSms[]>;
  close(): Promise<void>;
}

export async function startSmsStandIn(): Promise<SmsStandIn> {
  const twilio = await startTwilioStandIn();
  return {
    messages: twilio.received,
    serverEnv: {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_API_BASE: twilio.url,
    },
    async waitFor(pred, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = twilio.received.filter(pred);
        if (found.length > 0) return found;
        if (Date.now() > deadline) throw new Error('no matching SMS reached the stand-in');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => twilio.close(),
  };
}
