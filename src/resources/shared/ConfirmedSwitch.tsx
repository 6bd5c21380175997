import { useState, type MouseEvent } from 'react';
import { Switch } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { canDo, type Action, type ApiResource } from '../../../domain/access';
import type { ConfirmationKind } from '../../../domain/confirmations';
import { put } from '../../providers/http';
import { useSession } from '../../session/SessionProvider';
import { ensureOk } from './confirmation';
import { useConfirmedAction } from './useConfirmedAction';

export interface ConfirmedSwitchProps<R extends RaRecord = RaRecord> {
  /** The kind of action the password confirms. */
  kind: ConfirmationKind;
  /** The boolean field of the record. */
  source: keyof R & string;
  /** The API path the new value is PUT to, for instance `/merchants/${r.id}/enabled`. */
  path: (record: R) => string;
  /** The body sent; `{ [source]: next }` unless given. */
  body?: (record: R, next: boolean) => unknown;
  /** With a resource, the switch works only for a role that canDo the action on it (default 'toggle'). */
  resource?: ApiResource;
  action?: Action;
  disabled?: boolean;
  /** Accessible name, a message id or text; the source otherwise. */
  label?: string;
}

/** A switch in a list row that changes a sensitive flag behind the password confirmation, then refreshes the list. */
export const ConfirmedSwitch = <R extends RaRecord = RaRecord>({
  kind,
  source,
  path,
  body,
  resource,
  action = 'toggle',
  disabled,
  label,
}: ConfirmedSwitchProps<R>) => {
  const record = useRecordContext<R>();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { role } = useSession();
  const { confirm, dialog } = useConfirmedAction();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const allowed = !resource || (role !== null && canDo(role, resource, action));
  const value = Boolean(record[source]);
  const change = (event: MouseEvent) => {
    event.stopPropagation();
    const next = !value;
    confirm(
      kind,
      async (headers) => {
        setBusy(true);
        try {
          ensureOk(await put(path(record), body ? body(record, next) : { [source]: next }, { headers }));
          refresh();
        } finally {
          setBusy(false);
        }
      },
      undefined,
      { recordId: String(record.id) },
    );
  };

  return (
    <>
      <Switch
        checked={value}
        onClick={change}
        disabled={disabled || busy || !allowed}
        size="small"
        slotProps={{ input: { 'aria-label': translate(label ?? source, { _: label ?? source }) } }}
      />
      <span onClick={(event) => event.stopPropagation()}>{dialog}</span>
    </>
  );
};
