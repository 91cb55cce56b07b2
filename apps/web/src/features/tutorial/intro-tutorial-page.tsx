import { Button, Collapse, List, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import './tutorial.css';
import { tutorialText } from './tutorial-messages.ts';
import { TutorialSteps } from './tutorial-steps.tsx';

const text = tutorialText;

type LinkKey = keyof typeof text.links;

const linkPaths = {
  platforms: paths.platformTutorials,
  deposit: paths.deposit,
  addDigitalCard: paths.addDigitalCard,
  withdrawal: paths.withdrawal,
} as const satisfies Record<LinkKey, string>;

function isLinkKey(value: string): value is LinkKey {
  return value in linkPaths;
}

function StepLink({ link }: { link: string }) {
  const navigate = useNavigate();
  if (!isLinkKey(link)) {
    return null;
  }
  return (
    <Button
      size="mini"
      color="primary"
      fill="outline"
      className="tutorial-steps__action"
      onClick={() => void navigate(linkPaths[link])}
    >
      {text.links[link]}
    </Button>
  );
}

function Networks() {
  const labels = text.networkLabels;
  return (
    <section className="site-card tutorial-section" aria-labelledby="tutorial-networks">
      <h2 id="tutorial-networks" className="tutorial-section__title">
        {text.networkTitle}
      </h2>
      <div className="tutorial-networks">
        {text.networks.map((network) => (
          <div key={network.name} className="tutorial-network">
            <h3 className="tutorial-network__name">
              {network.name}
              {network.tag ? (
                <Tag color="danger" fill="outline">
                  {network.tag}
                </Tag>
              ) : null}
            </h3>
            <dl className="tutorial-network__facts">
              {(['chain', 'address', 'example', 'fee', 'speed'] as const).map((key) => (
                <div key={key} className="tutorial-network__row">
                  <dt>{labels[key]}</dt>
                  <dd>{network[key]}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
      <p className="tutorial-warning">{text.networkWarning}</p>
    </section>
  );
}

function StepsCard(props: {
  id: string;
  title: string;
  steps: readonly { title: string; description: string; link: string }[];
}) {
  return (
    <section className="site-card tutorial-section" aria-labelledby={props.id}>
      <h2 id={props.id} className="tutorial-section__title">
        {props.title}
      </h2>
      <TutorialSteps
        steps={props.steps}
        action={(index) => <StepLink link={props.steps[index]?.link ?? ''} />}
      />
    </section>
  );
}

/** /mine/finance/introTutorial: depositing and withdrawing with USDT, TRC20 or ERC20. */
export function IntroTutorialPage() {
  const navigate = useNavigate();
  return (
    <div className="site-page">
      <section className="site-card tutorial-section" aria-labelledby="tutorial-what">
        <h2 id="tutorial-what" className="tutorial-section__title">
          {text.whatTitle}
        </h2>
        <p className="tutorial-lead">{text.introLead}</p>
        {text.whatParagraphs.map((paragraph) => (
          <p key={paragraph} className="tutorial-paragraph">
            {paragraph}
          </p>
        ))}
      </section>
      <Networks />
      <StepsCard id="tutorial-deposit" title={text.depositTitle} steps={text.depositSteps} />
      <StepsCard id="tutorial-withdraw" title={text.withdrawTitle} steps={text.withdrawSteps} />
      <section className="site-card tutorial-section tutorial-risks" aria-labelledby="tutorial-risks">
        <h2 id="tutorial-risks" className="tutorial-section__title">
          {text.riskTitle}
        </h2>
        <ol className="tutorial-list">
          {text.risks.map((risk) => (
            <li key={risk}>{risk}</li>
          ))}
        </ol>
      </section>
      <section className="site-card" aria-labelledby="tutorial-faq">
        <h2 id="tutorial-faq" className="tutorial-section__title tutorial-card__header">
          {text.faqTitle}
        </h2>
        <Collapse>
          {text.faqs.map((faq) => (
            <Collapse.Panel key={faq.question} title={faq.question}>
              {faq.answer}
            </Collapse.Panel>
          ))}
        </Collapse>
      </section>
      <List header={text.moreTitle} className="site-card">
        {(Object.keys(linkPaths) as LinkKey[]).map((key) => (
          <List.Item key={key} onClick={() => void navigate(linkPaths[key])}>
            {text.links[key]}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
