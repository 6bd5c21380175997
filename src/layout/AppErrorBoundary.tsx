import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppError } from './AppError';

interface Props {
  children: ReactNode;
  /** A new key (the path, for instance) clears a caught error. */
  resetKey?: string;
  fullScreen?: boolean;
}

interface State {
  error: unknown;
  caughtAt?: string;
}

export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown Error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.caughtAt === undefined) return { caughtAt: props.resetKey ?? '' };
    if (state.error && state.caughtAt !== (props.resetKey ?? '')) return { error: null, caughtAt: undefined };
    return null;
  }

  override render() {
    return this.state.error ? (
      <AppError error={this.state.error} fullScreen={this.props.fullScreen} />
    ) : (
      this.props.children
    );
  }
}

/** Clears a caught error when the user goes to another page. */
export const RouteErrorBoundary = ({ children, fullScreen }: { children: ReactNode; fullScreen?: boolean }) => {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname} fullScreen={fullScreen}>
      {children}
    </AppErrorBoundary>
  );
};
