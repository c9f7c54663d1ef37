import { customerResources } from '@extranet/contracts/menus/resources';
import { Button } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { findMenuEntry, usePortalContext } from '../lib/portal-context';

/** Name of the window the Security Circuit opens in (spec §7: "target window by name"). */
export const CIRCUITO_SEGURIDAD_WINDOW = 'circuitoSeguridad';

/**
 * Spec §2: "Circuito Seguridad", top right of Tracking, Histórico and Facturas. Shown only to a
 * session with e-mail and code whose menus hold the Circuitoseguridad resource; it opens a
 * named window and posts the e-mail and code there, as hidden fields, to the resource's URL.
 */
export function CircuitoSeguridadButton() {
  const { t } = useTranslation();
  const context = usePortalContext();
  const formRef = useRef<HTMLFormElement>(null);
  const entry = findMenuEntry(context?.menus, customerResources.circuitoSeguridad);
  const email = context?.session?.email ?? '';
  const code = context?.session?.code ?? '';
  if (!entry || email === '' || code === '') return null;

  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          // Open (or reuse) the named window first, so the post lands there and not in a popup
          // the browser might block after the click.
          window.open('', CIRCUITO_SEGURIDAD_WINDOW);
          formRef.current?.submit();
        }}
      >
        {t('circuit.button')}
      </Button>
      <form
        ref={formRef}
        method="post"
        action={entry.api}
        target={CIRCUITO_SEGURIDAD_WINDOW}
        hidden
        data-testid="circuito-seguridad-form"
      >
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="code" value={code} />
      </form>
    </>
  );
}
