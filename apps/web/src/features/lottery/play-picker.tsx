import { type LotteryGameKind, type LotteryPlayId, lotteryPlays } from '@site/contract';
import { lotteryText } from './lottery-text.ts';
import { playGroups } from './play-groups.ts';

/** 玩法: the game type's groups, then the plays of the group the chosen play is in. */
export function PlayPicker(props: {
  kind: LotteryGameKind;
  playId: LotteryPlayId;
  onChange: (playId: LotteryPlayId) => void;
}) {
  const groups = playGroups[props.kind];
  const group = groups.find((each) => each.playIds.includes(props.playId)) ?? groups[0];
  return (
    <div className="play-picker">
      {groups.length > 1 ? (
        <fieldset className="chip-row">
          <legend className="visually-hidden">{lotteryText.playGroups}</legend>
          {groups.map((each) => (
            <button
              key={each.name}
              type="button"
              className={`chip chip--group${each === group ? ' is-picked' : ''}`}
              aria-pressed={each === group}
              onClick={() => {
                const first = each.playIds[0];
                if (first && each !== group) {
                  props.onChange(first);
                }
              }}
            >
              {each.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="chip-row">
        <legend className="visually-hidden">{lotteryText.playLabel}</legend>
        {group?.playIds.map((playId) => (
          <button
            key={playId}
            type="button"
            className={`chip${playId === props.playId ? ' is-picked' : ''}`}
            aria-pressed={playId === props.playId}
            onClick={() => props.onChange(playId)}
          >
            {lotteryPlays[playId].name}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
