import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { EmptyState } from './empty-state';

describe(EmptyState.name, () => {
  it('shows its title, description and actions', () => {
    render(
      <EmptyState title="No Active Voting" description="Nothing to vote on">
        <button type="button">Submit</button>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { name: 'No Active Voting' })).toBeTruthy();
    expect(screen.getByText('Nothing to vote on')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});
