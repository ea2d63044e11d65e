import { useState } from 'react';
import { type CommunicationSettings } from '@shared/contract/communications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAction } from '../../../lib/action.ts';
import { saveSmsSettings, useCommunicationOptions } from '../api/communications.ts';

// The communications page's SMS settings region: the tournament's SMS cost cap and segment price.

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function SmsSettingsCard({ tournamentId }: { tournamentId: number }) {
  const options = useCommunicationOptions(tournamentId);
  if (!options.data?.smsEnabled) return null;
  return (
    <SmsSettingsForm
      key={JSON.stringify(options.data.settings)}
      tournamentId={tournamentId}
      settings={options.data.settings}
    />
  );
}

function SmsSettingsForm({
  tournamentId,
  settings,
}: {
  tournamentId: number;
  settings: CommunicationSettings;
}) {
  const [cap, setCap] = useState(settings.smsCostCapCents === null ? '' : dollars(settings.smsCostCapCents));
  const [segment, setSegment] = useState(String(settings.smsSegmentCostCents));
  const save = useAction(
    () =>
      saveSmsSettings(tournamentId, {
        smsCostCapCents: cap.trim() === '' ? null : Math.round(Number(cap) * 100),
        smsSegmentCostCents: Math.round(Number(segment)),
      }),
    { success: 'SMS settings saved.', successAs: 'toast' },
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>SMS cost cap</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run();
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="sms-cap">Cap for this tournament ($, empty for none)</Label>
            <Input id="sms-cap" inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="sms-segment">Price per SMS segment (cents)</Label>
            <Input
              id="sms-segment"
              inputMode="numeric"
              value={segment}
              onChange={(e) => setSegment(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={save.busy}>
            Save
          </Button>
          <p className="text-sm text-muted-foreground">Spent so far: ${dollars(settings.smsSpentCents)}</p>
        </form>
      </CardContent>
    </Card>
  );
}
