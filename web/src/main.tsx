import '@mantine/core/styles.css';
import { Alert, Container, MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { DEFAULT_COLOR_SCHEME, colorSchemeManager, cssVariablesResolver, theme } from './app/theme';
import { loadConfig } from './config';

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
        {children}
      </MantineProvider>
    </StrictMode>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Settings first, validated once: nothing renders against a missing or invalid /config.json.
loadConfig().then(
  () => root.render(<Providers><App /></Providers>),
  (error: unknown) =>
    root.render(
      <Providers>
        <Container size="sm" py="xl">
          <Alert color="red" title="The portal cannot start">
            {error instanceof Error ? error.message : String(error)}
          </Alert>
        </Container>
      </Providers>,
    ),
);
