import { stageMovesFrom, statusMovesFrom } from './moves';

describe('the moves offered', () => {
  it('follows a car’s lifecycle: draft → in service ↔ out of service, any → retired, retired final', () => {
    expect(statusMovesFrom('draft')).toEqual(['in_service', 'retired']);
    expect(statusMovesFrom('in_service')).toEqual(['out_of_service', 'retired']);
    expect(statusMovesFrom('out_of_service')).toEqual(['in_service', 'retired']);
    expect(statusMovesFrom('retired')).toEqual([]);
  });

  it('offers pick-up and no-show from the pick-up day, completion once picked up, nothing after', () => {
    expect(stageMovesFrom('confirmed', '2026-12-10', '2026-12-09')).toEqual(['cancelled']);
    expect(stageMovesFrom('confirmed', '2026-12-10', '2026-12-10')).toEqual(['picked_up', 'no_show', 'cancelled']);
    expect(stageMovesFrom('picked_up', '2026-12-10', '2026-12-12')).toEqual(['completed']);
    for (const stage of ['completed', 'cancelled', 'no_show'] as const) {
      expect(stageMovesFrom(stage, '2026-12-10', '2026-12-12')).toEqual([]);
    }
  });
});
