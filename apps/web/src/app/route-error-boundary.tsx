import { Component, type ErrorInfo, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router';

interface Props {
  location: Location;
  children: ReactNode;
}
interface State {
  location: Location;
  error: unknown;
}

// What the data router (createBrowserRouter) showed for an error while rendering a screen (a chunk
// that failed to load, say), kept when the app moved to <BrowserRouter> for /login's first load
// (decision 015): React Router's default error element, until the next navigation.
class Boundary extends Component<Props, State> {
  override state: State = { location: this.props.location, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location !== state.location ? { location: props.location, error: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('React Router caught the following error during render', error, info);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? (
          <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre>
        ) : null}
      </>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
