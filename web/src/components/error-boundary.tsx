import { Alert, Button, Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Catches what a page throws while rendering, including a lazily loaded chunk that failed to arrive
 * (after a deployment, or offline): the user gets a message and a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="This page could not be shown">
          {this.state.error.message}
          <Button mt="md" display="block" variant="light" color="red" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Alert>
      </Container>
    );
  }
}
