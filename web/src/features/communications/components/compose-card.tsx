import { useRef, useState, type FocusEvent } from 'react';
import {
  AUDIENCE_LABELS,
  MERGE_FIELD_LABELS,
  ComposeSchema,
  type AudienceKind,
  type Compose,
  type Template,
  type Preview,
} from '@shared/contract/communications.ts';
import { MERGE_FIELDS } from '@shared/domain/communications.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { TextAreaField } from '@web/components/form/text-area-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { useAction } from '@web/lib/action.ts';
import { useForm } from '@web/lib/form.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import {
  previewMessage,
  removeTemplate,
  saveTemplate,
  sendMessage,
  sendTestMessage,
  useCommunicationOptions,
} from '../api/communications.ts';
import { SendConfirmDialog, type SendQuestion } from './send-confirm-dialog.tsx';

// The communications page's compose region: audience, channels, texts, templates, preview and send.
// Send asks first, with the counts and the texts' cost; the same message again within
// REPEAT_WINDOW_MS asks once more (decision 024). A send clears the texts.

/** A send of the same message this soon after the last one is named in the question. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** The last send from this tab, per tournament (a reload keeps it; another device does not). */
const lastSentKey = (tournamentId: number) => `nomac-last-send-${tournamentId}`;

function minutesSinceSameSend(tournamentId: number, signature: string, now: number): number | null {
  try {
    const last = JSON.parse(sessionStorage.getItem(lastSentKey(tournamentId)) ?? 'null') as {
      signature: string;
      at: number;
    } | null;
    if (!last || last.signature !== signature || now - last.at >= REPEAT_WINDOW_MS) return null;
    return Math.floor((now - last.at) / 60_000);
  } catch {
    return null;
  }
}

/** After a send; storage refused (a private window's quota) only loses the repeat question. */
function rememberSend(tournamentId: number, signature: string, at: number): void {
  try {
    sessionStorage.setItem(lastSentKey(tournamentId), JSON.stringify({ signature, at }));
  } catch {
    // The message is queued either way: never report a send that happened as failed.
  }
}

/** The text fields a merge field can be inserted into. */
type TextPath = 'subject' | 'body' | 'smsBody';
const TEXT_IDS: Record<TextPath, string> = {
  subject: 'comm-subject',
  body: 'comm-body',
  smsBody: 'comm-sms',
};

const KINDS: AudienceKind[] = ['all', 'incomplete', 'division', 'checked-in', 'not-checked-in'];

/** What the compose form holds; the request is made from it by `toCompose`. */
interface ComposeValues {
  kind: AudienceKind;
  divisionId: number | undefined;
  email: boolean;
  sms: boolean;
  subject: string;
  body: string;
  smsBody: string;
}

/**
 * The compose region's state: the message on `useForm`, checked against the shared
 * `ComposeSchema` the server checks it with, and its preview, send and template actions.
 */
function useCompose({
  tournamentId,
  picked,
  smsEnabled,
  smsSegmentCostCents,
  templates,
  onSent,
}: {
  tournamentId: number;
  picked: number[];
  smsEnabled: boolean;
  smsSegmentCostCents: number;
  templates: readonly Template[];
  onSent: (ids: number[]) => void;
}) {
  const [templateName, setTemplateName] = useState('');
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const [question, setQuestion] = useState<(SendQuestion & { answer: (send: boolean) => void }) | null>(null);

  const toCompose = (v: ComposeValues): Compose => ({
    tournamentId,
    audience:
      v.kind === 'division'
        ? { kind: v.kind, divisionId: v.divisionId ?? 0 }
        : v.kind === 'selected'
          ? { kind: v.kind, registrationIds: picked }
          : { kind: v.kind },
    email: v.email,
    sms: v.sms && smsEnabled,
    subject: v.subject,
    body: v.body,
    smsBody: v.smsBody,
  });

  const form = useForm({
    schema: ComposeSchema,
    initial: {
      kind: picked.length ? 'selected' : 'incomplete',
      divisionId: undefined,
      email: true,
      sms: false,
      subject: '',
      body: '',
      smsBody: '',
    } as ComposeValues,
    toInput: toCompose,
    // Messages show once a send is tried: a half-written message is not wrong yet.
    showErrors: 'submitted',
    // Asks first (the counts come from the server's preview), then sends what the form makes,
    // as typed (the server trims and checks again); the texts clear once it is queued.
    onSubmit: async (_checked, values) => {
      const compose = toCompose(values);
      const counted = await previewMessage(compose);
      const signature = JSON.stringify(compose);
      const send = await new Promise<boolean>((answer) =>
        setQuestion({
          preview: counted,
          smsText: counted.sample?.smsBody ?? compose.smsBody,
          smsSegmentCostCents,
          repeatMinutes: minutesSinceSameSend(tournamentId, signature, Date.now()),
          answer,
        }),
      );
      setQuestion(null);
      if (!send) return 'cancelled' as const;
      const result = await sendMessage(compose);
      rememberSend(tournamentId, signature, Date.now());
      onSent(result.messageIds);
      form.reset({ ...values, subject: '', body: '', smsBody: '' });
      setPreview(undefined);
      setTemplateName('');
      return 'sent' as const;
    },
    action: { success: (r) => (r === 'sent' ? t('communications.compose.queued') : undefined) },
  });
  const { values } = form;

  const previewAction = useAction(() => previewMessage(toCompose(values)));
  const testAction = useAction(() => sendTestMessage(toCompose(values)), { success: (message) => message });
  const saveTemplateAction = useAction(
    () =>
      saveTemplate({
        name: templateName,
        subject: values.subject,
        body: values.body,
        smsBody: values.smsBody,
      }),
    { success: t('communications.compose.templateSaved'), successAs: 'toast' },
  );
  const removeTemplateAction = useAction((id: number) => removeTemplate(id), {
    success: t('communications.compose.templateRemoved'),
    successAs: 'toast',
  });

  async function onPreview() {
    const result = await previewAction.run();
    if (result.ok) setPreview(result.value);
  }
  function applyTemplate(id: number) {
    const template = templates.find((x) => x.id === id);
    if (!template) return;
    form.set('subject', template.subject);
    form.set('body', template.body);
    form.set('smsBody', template.smsBody);
    setTemplateName(template.name);
  }

  /** The field a merge field goes into: the last one focused, and where its cursor was. */
  const lastText = useRef<TextPath>('body');
  function insertField(field: string) {
    const path = lastText.current;
    const element = document.getElementById(TEXT_IDS[path]) as HTMLInputElement | HTMLTextAreaElement | null;
    const value = values[path];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const token = `{{${field}}}`;
    form.set(path, value.slice(0, start) + token + value.slice(end));
    // Back to the field, the cursor after what was inserted, once the value has rendered.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return {
    form,
    testAction,
    question,
    insertField,
    lastText,
    preview,
    onPreview,
    previewAction,
    applyTemplate,
    templateName,
    setTemplateName,
    saveTemplateAction,
    removeTemplateAction,
  };
}

export function ComposeCard({
  tournamentId,
  picked,
  onSent,
}: {
  tournamentId: number;
  picked: number[];
  onSent: (ids: number[]) => void;
}) {
  const options = useCommunicationOptions(tournamentId);
  const smsEnabled = options.data?.smsEnabled ?? false;
  const {
    form,
    testAction,
    question,
    insertField,
    lastText,
    preview,
    onPreview,
    previewAction,
    applyTemplate,
    templateName,
    setTemplateName,
    saveTemplateAction,
    removeTemplateAction,
  } = useCompose({
    tournamentId,
    picked,
    smsEnabled,
    smsSegmentCostCents: options.data?.settings.smsSegmentCostCents ?? 0,
    templates: options.data?.templates ?? [],
    onSent,
  });
  // Which text field a merge field button inserts into (focus events bubble in React).
  const onTextFocus = (e: FocusEvent) => {
    const path = (Object.keys(TEXT_IDS) as TextPath[]).find((p) => TEXT_IDS[p] === e.target.id);
    if (path) lastText.current = path;
  };
  const { kind, divisionId, email, sms } = form.values;
  // The audience's messages are at the request's paths, not a field's.
  const audienceError = form.error as (path: string) => string | undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('communications.compose.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(e) => void form.submit(e)} onFocus={onTextFocus} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor="comm-audience">{t('communications.history.audience')}</Label>
              <Select
                id="comm-audience"
                value={kind}
                onChange={(e) => form.set('kind', e.target.value as AudienceKind)}
              >
                {(picked.length ? [...KINDS, 'selected' as const] : KINDS).map((k) => (
                  <option key={k} value={k}>
                    {k === 'selected'
                      ? t('communications.compose.selected', { count: picked.length })
                      : tm(AUDIENCE_LABELS[k])}
                  </option>
                ))}
              </Select>
            </div>
            {kind === 'division' && (
              <div className="grid gap-1">
                <Label htmlFor="comm-division">{t('communications.compose.division')}</Label>
                <Select
                  id="comm-division"
                  value={divisionId ?? ''}
                  onChange={(e) => form.set('divisionId', Number(e.target.value) || undefined)}
                  aria-invalid={audienceError('audience.divisionId') ? true : undefined}
                >
                  <option value="">{t('communications.compose.chooseDivision')}</option>
                  {(options.data?.divisions ?? []).map((d) => (
                    <option key={d.id} value={d.id}>
                      {tm(d.title)}
                    </option>
                  ))}
                </Select>
                <FieldMessage text={audienceError('audience.divisionId')} />
              </div>
            )}
            {(options.data?.templates.length ?? 0) > 0 && (
              <div className="grid gap-1">
                <Label htmlFor="comm-template">{t('communications.compose.fromTemplate')}</Label>
                <div className="flex gap-2">
                  <Select
                    id="comm-template"
                    defaultValue=""
                    onChange={(e) => applyTemplate(Number(e.target.value))}
                  >
                    <option value="">{t('communications.compose.noTemplate')}</option>
                    {options.data?.templates.map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.name}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            )}
          </div>
          <fieldset className="flex flex-wrap gap-6">
            <legend className="mb-1 text-sm font-medium">{t('communications.compose.sendAs')}</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={email} onChange={(e) => form.set('email', e.target.checked)} />{' '}
              {t('communications.channel.email')}
            </label>
            {smsEnabled && (
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={sms} onChange={(e) => form.set('sms', e.target.checked)} />{' '}
                {t('communications.compose.smsChannel')}
              </label>
            )}
            <FieldMessage text={form.error('email')} />
          </fieldset>
          {email && (
            <>
              <TextField
                id="comm-subject"
                label={t('communications.history.subject')}
                maxLength={200}
                {...form.field('subject')}
              />
              <TextAreaField
                id="comm-body"
                label={t('communications.compose.body')}
                rows={8}
                {...form.field('body')}
              />
            </>
          )}
          {sms && smsEnabled && (
            <TextAreaField
              id="comm-sms"
              label={t('communications.compose.smsBody')}
              rows={3}
              {...form.field('smsBody')}
            />
          )}
          <div className="grid gap-1 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">{t('communications.compose.mergeFields')}</span>
              {MERGE_FIELDS.map((f) => (
                <Button
                  key={f}
                  type="button"
                  size="sm"
                  variant="outline"
                  title={t('communications.compose.insertField', { field: tm(MERGE_FIELD_LABELS[f]) })}
                  // Keeps the focus (and the cursor) in the field being written.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insertField(f)}
                >
                  <code>{`{{${f}}}`}</code>
                </Button>
              ))}
            </p>
            <p className="text-muted-foreground">{t('communications.compose.mergeFieldsHint')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => void onPreview()}
              disabled={previewAction.busy}
            >
              {t('communications.compose.preview')}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => void testAction.run()}
              disabled={testAction.busy}
            >
              {t('communications.compose.sendTest')}
            </Button>
            <Button type="submit" disabled={form.busy}>
              {t('communications.compose.send')}
            </Button>
          </div>
          {preview && <PreviewPanel preview={preview} />}
          {question && <SendConfirmDialog question={question} onAnswer={question.answer} />}
          <div className="flex flex-wrap items-end gap-2 border-t pt-4">
            <div className="grid gap-1">
              <Label htmlFor="comm-template-name">{t('communications.compose.templateName')}</Label>
              <Input
                id="comm-template-name"
                value={templateName}
                onChange={(e) => setTemplateName(e.target.value)}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={saveTemplateAction.busy}
              onClick={() => void saveTemplateAction.run()}
            >
              {t('communications.compose.saveTemplate')}
            </Button>
            {options.data?.templates
              .filter((template) => template.name === templateName.trim())
              .map((template) => (
                <Button
                  key={template.id}
                  type="button"
                  variant="outline"
                  disabled={removeTemplateAction.busy}
                  onClick={() => void removeTemplateAction.run(template.id)}
                >
                  {t('communications.compose.removeTemplate')}
                </Button>
              ))}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function PreviewPanel({ preview }: { preview: Preview }) {
  return (
    <section aria-label={t('communications.compose.preview')} className="grid gap-2 rounded-md border p-4">
      <p>
        {t('communications.preview.recipients', {
          count: preview.emailRecipients,
          sms: preview.smsRecipients,
        })}
      </p>
      {preview.sample ? (
        <>
          <p className="text-sm text-muted-foreground">
            {t('communications.preview.sample', {
              name: preview.sample.name || preview.sample.address,
              address: preview.sample.address,
            })}
          </p>
          {preview.sample.subject && <p className="font-medium">{preview.sample.subject}</p>}
          {preview.sample.body && <pre className="whitespace-pre-wrap font-sans">{preview.sample.body}</pre>}
          {preview.sample.smsBody && (
            <p>
              <span className="text-sm text-muted-foreground">{t('communications.preview.sms')} </span>
              {preview.sample.smsBody}
            </p>
          )}
        </>
      ) : (
        <p>{t('communications.preview.nobody')}</p>
      )}
    </section>
  );
}

/** A message the shared rules give for a control that is not a text field. */
function FieldMessage({ text }: { text: string | undefined }) {
  return text ? <p className="text-sm font-medium text-destructive">{tm(text)}</p> : null;
}
