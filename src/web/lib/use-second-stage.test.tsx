import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecondStage } from './use-second-stage';

describe('SecondStage', () => {
  it('shows the fallback first, then its children, without drawing the screen around it again', async () => {
    let draws = 0;
    function Screen() {
      draws += 1;
      return (
        <>
          <h1>Toppen</h1>
          <SecondStage fallback={<p>Indlæser</p>}>
            <p>Resten</p>
          </SecondStage>
        </>
      );
    }
    render(<Screen />);
    expect(screen.getByText('Indlæser')).toBeInTheDocument();
    expect(screen.queryByText('Resten')).not.toBeInTheDocument();
    expect(await screen.findByText('Resten')).toBeInTheDocument();
    expect(screen.queryByText('Indlæser')).not.toBeInTheDocument();
    expect(draws).toBe(1);
  });
});
