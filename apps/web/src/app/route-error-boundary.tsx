import { Component, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router';
import { reportCaughtError } from '../lib/global-errors';
import { checkIsChunkLoadError, reloadIntoNewVersion } from '../lib/release-reload';
import { PageFallback } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';

interface Props {
  location: Location;
  children: ReactNode;
}
interface State {
  location: Location;
  error: unknown;
  /** A chunk of a release that is gone: the page is reloading into the new version. */
  reloading: boolean;
}

// An error while rendering a screen, until the next navigation (what the data router did, kept
// when the app moved to <BrowserRouter>, decision 015). Issue #24, decision 025: a chunk of the
// previous release that is gone reloads the page once into the new version (a spinner meanwhile);
// anything else, or a second failure, is the product's own screen in the person's language, never
// the error's text or stack (logged, and with `debug` the spec's alert).
class Boundary extends Component<Props, State> {
  override state: State = { location: this.props.location, error: undefined, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, reloading: checkIsChunkLoadError(error) && reloadIntoNewVersion() };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location !== state.location
      ? { location: props.location, error: undefined, reloading: false }
      : null;
  }

  override componentDidCatch(error: unknown) {
    if (this.state.reloading) console.warn('a chunk of the previous release is gone: reloading', error);
    else reportCaughtError(error);
  }

  override render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    return reloading ? <PageFallback /> : <RouteErrorScreen />;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
