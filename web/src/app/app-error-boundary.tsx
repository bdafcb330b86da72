/**
 * A fatal or unhandled error switches to the error screen (spec §4, §8): errors thrown while
 * rendering, and uncaught errors and unhandled rejections anywhere in the app (unhandled-errors.ts
 * says which are noise and leave the page as it is).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';
import { watchUnhandledErrors } from './unhandled-errors';

interface State {
  failed: boolean;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  private stopWatching: (() => void) | null = null;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidMount(): void {
    this.stopWatching = watchUnhandledErrors((error) => {
      console.error('Unhandled application error', error);
      this.setState({ failed: true });
    });
  }

  override componentWillUnmount(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPage status={500} /> : this.props.children;
  }
}
