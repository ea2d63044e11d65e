import { useState, type FormEvent } from 'react';
import {
  AUDIENCE_LABELS,
  MERGE_FIELD_LABELS,
  type Audience,
  type AudienceKind,
  type Compose,
  type Preview,
} from '@shared/contract/communications.ts';
import { MERGE_FIELDS } from '@shared/domain/communications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useAction } from '../../../lib/action.ts';
import {
  previewMessage,
  removeTemplate,
  saveTemplate,
  sendMessage,
  useCommunicationOptions,
} from '../api/communications.ts';

// The communications page's compose region: audience, channels, texts, templates, preview and send.

const KINDS: AudienceKind[] = ['all', 'incomplete', 'division', 'checked-in', 'not-checked-in'];

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
  const [kind, setKind] = useState<AudienceKind>(picked.length ? 'selected' : 'incomplete');
  const [divisionId, setDivisionId] = useState<number | undefined>(undefined);
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [smsBody, setSmsBody] = useState('');
  const [templateName, setTemplateName] = useState('');
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const smsEnabled = options.data?.smsEnabled ?? false;

  const audience = (): Audience =>
    kind === 'division'
      ? { kind, divisionId: divisionId ?? 0 }
      : kind === 'selected'
        ? { kind, registrationIds: picked }
        : { kind };
  const compose = (): Compose => ({
    tournamentId,
    audience: audience(),
    email,
    sms: sms && smsEnabled,
    subject,
    body,
    smsBody,
  });

  const previewAction = useAction(() => previewMessage(compose()));
  const sendAction = useAction(() => sendMessage(compose()), {
    success: 'The message is queued: it is being sent in the background.',
  });
  const saveTemplateAction = useAction(() => saveTemplate({ name: templateName, subject, body, smsBody }), {
    success: 'Template saved.',
    successAs: 'toast',
  });
  const removeTemplateAction = useAction((id: number) => removeTemplate(id), {
    success: 'Template removed.',
    successAs: 'toast',
  });

  async function onPreview() {
    const result = await previewAction.run();
    if (result.ok) setPreview(result.value);
  }
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = await sendAction.run();
    if (result.ok) onSent(result.value.messageIds);
  }
  function applyTemplate(id: number) {
    const t = options.data?.templates.find((x) => x.id === id);
    if (!t) return;
    setSubject(t.subject);
    setBody(t.body);
    setSmsBody(t.smsBody);
    setTemplateName(t.name);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Compose</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor="comm-audience">Audience</Label>
              <Select
                id="comm-audience"
                value={kind}
                onChange={(e) => setKind(e.target.value as AudienceKind)}
              >
                {(picked.length ? [...KINDS, 'selected' as const] : KINDS).map((k) => (
                  <option key={k} value={k}>
                    {k === 'selected' ? `Selected registrations (${picked.length})` : AUDIENCE_LABELS[k]}
                  </option>
                ))}
              </Select>
            </div>
            {kind === 'division' && (
              <div className="grid gap-1">
                <Label htmlFor="comm-division">Division</Label>
                <Select
                  id="comm-division"
                  value={divisionId ?? ''}
                  onChange={(e) => setDivisionId(Number(e.target.value) || undefined)}
                >
                  <option value="">Choose a division</option>
                  {(options.data?.divisions ?? []).map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            {(options.data?.templates.length ?? 0) > 0 && (
              <div className="grid gap-1">
                <Label htmlFor="comm-template">Start from a template</Label>
                <div className="flex gap-2">
                  <Select
                    id="comm-template"
                    defaultValue=""
                    onChange={(e) => applyTemplate(Number(e.target.value))}
                  >
                    <option value="">No template</option>
                    {options.data?.templates.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            )}
          </div>
          <fieldset className="flex flex-wrap gap-6">
            <legend className="mb-1 text-sm font-medium">Send as</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} /> E-mail
            </label>
            {smsEnabled && (
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={sms} onChange={(e) => setSms(e.target.checked)} /> SMS (to
                contacts who agreed to SMS)
              </label>
            )}
          </fieldset>
          {email && (
            <>
              <div className="grid gap-1">
                <Label htmlFor="comm-subject">Subject</Label>
                <Input
                  id="comm-subject"
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                  maxLength={200}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="comm-body">E-mail message</Label>
                <Textarea id="comm-body" rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
              </div>
            </>
          )}
          {sms && smsEnabled && (
            <div className="grid gap-1">
              <Label htmlFor="comm-sms">SMS text</Label>
              <Textarea id="comm-sms" rows={3} value={smsBody} onChange={(e) => setSmsBody(e.target.value)} />
            </div>
          )}
          <p className="text-sm text-muted-foreground">
            Merge fields:{' '}
            {MERGE_FIELDS.map((f) => (
              <code key={f} className="mr-2" title={MERGE_FIELD_LABELS[f]}>
                {`{{${f}}}`}
              </code>
            ))}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => void onPreview()}
              disabled={previewAction.busy}
            >
              Preview
            </Button>
            <Button type="submit" disabled={sendAction.busy}>
              Send
            </Button>
          </div>
          {preview && <PreviewPanel preview={preview} />}
          <div className="flex flex-wrap items-end gap-2 border-t pt-4">
            <div className="grid gap-1">
              <Label htmlFor="comm-template-name">Template name</Label>
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
              Save as template
            </Button>
            {options.data?.templates
              .filter((t) => t.name === templateName.trim())
              .map((t) => (
                <Button
                  key={t.id}
                  type="button"
                  variant="outline"
                  disabled={removeTemplateAction.busy}
                  onClick={() => void removeTemplateAction.run(t.id)}
                >
                  Remove template
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
    <section aria-label="Preview" className="grid gap-2 rounded-md border p-4">
      <p>
        E-mail to {preview.emailRecipients} {preview.emailRecipients === 1 ? 'recipient' : 'recipients'}, SMS
        to {preview.smsRecipients}.
      </p>
      {preview.sample ? (
        <>
          <p className="text-sm text-muted-foreground">
            As {preview.sample.name || preview.sample.address} ({preview.sample.address}) would get it:
          </p>
          {preview.sample.subject && <p className="font-medium">{preview.sample.subject}</p>}
          {preview.sample.body && <pre className="whitespace-pre-wrap font-sans">{preview.sample.body}</pre>}
          {preview.sample.smsBody && (
            <p>
              <span className="text-sm text-muted-foreground">SMS: </span>
              {preview.sample.smsBody}
            </p>
          )}
        </>
      ) : (
        <p>Nobody is in this audience.</p>
      )}
    </section>
  );
}
