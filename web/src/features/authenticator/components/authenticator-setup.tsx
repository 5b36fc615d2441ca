import { Box, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import {
  authenticatorCodeFormSchema,
  authenticatorUri,
  groupedSecret,
  normalizeAuthenticatorCode,
} from '../../../../../shared/authenticator';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useSession } from '../../../session/session';
import { startAuthenticatorSetup, useFinishAuthenticatorSetup } from '../api/authenticator';
import { authenticatorError } from '../errors';

/** How the portal is named in the authenticator app's list. */
const ISSUER = 'User Management';

/** The new secret shown both ways: a QR code to scan and the text to type. */
function SecretToStore({ secret, account }: { secret: string; account: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">Scan this QR code with your authenticator app:</Text>
      {/* Authenticator apps read dark on light, whatever the colour scheme. */}
      <Box bg="white" p="xs" w="fit-content" style={{ borderRadius: 4 }}>
        <QRCodeSVG value={authenticatorUri(ISSUER, account, secret)} size={176} title="QR code for your authenticator app" />
      </Box>
      <Text size="sm">Or type this secret into it:</Text>
      <Group gap="xs">
        <Code fz="md" data-testid="authenticator-secret">
          {groupedSecret(secret)}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * Adds an authenticator: Cognito makes a secret, the app stores it (QR code or typed), and a first code
 * from the app proves it before the second factor is turned on.
 */
export function AuthenticatorSetup({ onDone }: { onDone?: () => void }) {
  const session = useSession();
  const [secret, setSecret] = useState<string | null>(null);
  const finish = useFinishAuthenticatorSetup();
  const form = useSchemaForm(authenticatorCodeFormSchema, { code: '' });
  const start = useSubmit(startAuthenticatorSetup, { onSuccess: setSecret, failure: authenticatorError });
  const turnOn = useSubmit(({ code }: { code: string }) => finish.mutateAsync(normalizeAuthenticatorCode(code)), {
    onSuccess: () => onDone?.(),
    failure: authenticatorError,
  });

  if (!secret) {
    return (
      <Group>
        <Button onClick={() => void start.run()} loading={start.pending}>
          Set up authenticator
        </Button>
      </Group>
    );
  }
  return (
    <form onSubmit={form.onSubmit(turnOn.run)} noValidate>
      <Stack gap="md" maw={480}>
        <SecretToStore secret={secret} account={session?.username ?? ''} />
        <TextInput
          label="Authentication code"
          description="The 6-digit code the app now shows for this account"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" loading={turnOn.pending} disabled={!form.isValid()}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
