import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import './tutorial.css';
import { tutorialText } from './tutorial-messages.ts';
import { TutorialSteps } from './tutorial-steps.tsx';

const text = tutorialText;

type Platform = (typeof text.platforms)[number];

function PlatformGuide({ platform }: { platform: Platform }) {
  return (
    <div className="tutorial-platform">
      {platform.sections.map((section, index) => {
        const id = `tutorial-${platform.key}-${index}`;
        return (
          <section key={section.title} className="site-card tutorial-section" aria-labelledby={id}>
            <h2 id={id} className="tutorial-section__title">
              {`${index + 1}. ${section.title}`}
            </h2>
            <TutorialSteps steps={section.steps} />
          </section>
        );
      })}
    </div>
  );
}

/** /mine/finance/introTutorial/platformTutorials: buying and selling USDT on the common exchanges. */
export function PlatformTutorialsPage() {
  const [activeKey, setActiveKey] = useState<string>(text.platforms[0].key);
  const platform = text.platforms.find((candidate) => candidate.key === activeKey) ?? text.platforms[0];
  return (
    <div className="site-page">
      <section className="site-card tutorial-section">
        <p className="tutorial-lead">{text.platformLead}</p>
        <p className="tutorial-note">{text.platformNote}</p>
      </section>
      <Tabs className="site-card tutorial-tabs" activeKey={activeKey} onChange={setActiveKey}>
        {text.platforms.map((candidate) => (
          <Tabs.Tab key={candidate.key} title={candidate.name} />
        ))}
      </Tabs>
      <PlatformGuide key={platform.key} platform={platform} />
      <section className="site-card tutorial-section tutorial-risks" aria-labelledby="tutorial-safety">
        <h2 id="tutorial-safety" className="tutorial-section__title">
          {text.safetyTitle}
        </h2>
        <ol className="tutorial-list">
          {text.safetyTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
