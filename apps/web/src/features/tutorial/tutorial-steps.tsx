import { Steps } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface TutorialStep {
  title: string;
  description: string;
}

/** Numbered vertical steps; `action` adds a button under a step (a link to the page it names). */
export function TutorialSteps(props: {
  steps: readonly TutorialStep[];
  action?: (index: number) => ReactNode;
}) {
  return (
    <Steps direction="vertical" className="tutorial-steps">
      {props.steps.map((step, index) => (
        <Steps.Step
          key={step.title}
          status="finish"
          icon={<span className="tutorial-steps__number">{index + 1}</span>}
          title={step.title}
          description={
            <>
              <span className="tutorial-steps__text">{step.description}</span>
              {props.action?.(index)}
            </>
          }
        />
      ))}
    </Steps>
  );
}
