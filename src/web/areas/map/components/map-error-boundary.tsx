import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/** Keeps the screen (the list, the controls) when the map's own chunk cannot load or Leaflet fails. */
export class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert color="orange" title="Kortet kunne ikke vises" m="md">
          Opgaverne står i listen. Genindlæs siden for at prøve kortet igen.
        </Alert>
      );
    }
    return this.props.children;
  }
}
