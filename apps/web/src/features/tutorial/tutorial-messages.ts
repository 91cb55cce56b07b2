import { messages } from '../../lib/messages.ts';

/**
 * The tutorial pages' texts, kept out of lib/messages.ts: they are a third of it, and the
 * messages module ships with every first load while these pages load only when opened.
 */
export const tutorialText = {
  ...messages.tutorial,
  introLead:
    '使用 USDT 充值和提现，到账快、不受银行转账时间限制。请按以下步骤操作，并务必阅读文末的风险提示。',
  whatTitle: '什么是 USDT',
  whatParagraphs: [
    'USDT（泰达币）是由 Tether 公司发行、与美元按约 1:1 锚定的稳定币，1 USDT 约等于 1 美元，价格波动很小。',
    'USDT 可以在多条区块链上流通，本站支持其中最常用的两种：TRC20（波场网络）和 ERC20（以太坊网络）。',
    '您可以在交易平台用人民币购买 USDT，转入本站充值；提现收到的 USDT 也可以在交易平台卖出换回人民币。',
  ],
  networkTitle: 'TRC20 与 ERC20',
  networkLabels: {
    chain: '所属网络',
    address: '地址格式',
    example: '地址示例',
    fee: '手续费',
    speed: '到账速度',
  },
  networks: [
    {
      name: 'USDT-TRC20',
      tag: '推荐',
      chain: '波场（TRON）',
      address: '以大写字母 T 开头，共 34 位',
      example: 'TQ9kX…（共 34 位）',
      fee: '较低，交易平台提币一般约 1 USDT',
      speed: '较快，通常几分钟内',
    },
    {
      name: 'USDT-ERC20',
      tag: '',
      chain: '以太坊（Ethereum）',
      address: '以 0x 开头，后接 40 位十六进制字符（共 42 位）',
      example: '0x52e8…（共 42 位）',
      fee: '较高，随网络拥堵（Gas 费）变化',
      speed: '视网络拥堵情况而定',
    },
  ],
  networkWarning:
    'TRC20 和 ERC20 是两条不同的区块链，地址互不通用。转账时，转出方选择的网络必须与收款地址的网络一致，否则资产将无法到账且难以找回。',
  depositTitle: '充值步骤',
  depositSteps: [
    {
      title: '在交易平台购买 USDT',
      description: '在欧易、币安、火币等交易平台完成注册和实名认证，通过 C2C 或快捷买币用人民币购买 USDT。',
      link: 'platforms',
    },
    {
      title: '选择本站 USDT 充值通道',
      description: '进入本站「充值」页面，在 USDT 分类中选择充值通道，输入充值金额并提交订单。',
      link: 'deposit',
    },
    {
      title: '复制收款地址或扫码',
      description:
        '订单生成后，复制页面显示的收款地址，或用交易平台 App 扫描二维码，并核对订单的网络（TRC20 或 ERC20）。',
      link: '',
    },
    {
      title: '按订单金额足额转账',
      description:
        '在交易平台的「提币」页面粘贴收款地址，选择与订单相同的网络，按订单显示的数量转账。平台手续费可能从提币数量中扣除，请确保实际到账数量与订单一致。',
      link: '',
    },
    {
      title: '等待区块确认',
      description:
        '区块链网络确认后系统自动入账，通常几分钟内到账。超过 15 分钟未到账，请联系在线客服并提供订单号和交易哈希（TxID）。',
      link: '',
    },
  ],
  withdrawTitle: '提现步骤',
  withdrawSteps: [
    {
      title: '绑定 USDT 提现地址',
      description:
        '在交易平台的「充币」页面选择 USDT 和网络，复制充币地址；再到本站「添加USDT账户」页面选择相同网络并粘贴地址完成绑定。',
      link: 'addDigitalCard',
    },
    {
      title: '申请提现',
      description: '进入「提现」页面，选择已绑定的 USDT 地址，输入提现金额和资金密码后提交，等待审核。',
      link: 'withdrawal',
    },
    {
      title: '到账后按需卖出',
      description: '审核通过后 USDT 将转入您绑定的地址；如需换回人民币，可在交易平台通过 C2C 卖出。',
      link: 'platforms',
    },
  ],
  links: {
    platforms: '交易平台教程',
    deposit: '去充值',
    addDigitalCard: '绑定USDT地址',
    withdrawal: '去提现',
  },
  riskTitle: '风险提示',
  risks: [
    '只在所选网络上转账：TRC20 地址只能接收 TRC20-USDT，ERC20 地址只能接收 ERC20-USDT。选错网络将导致资产丢失，本站无法找回。',
    '只向充值地址转入 USDT，不要转入 TRX、ETH 或其他币种。',
    '收款地址和金额以当前订单页面显示为准，不要向已过期订单或历史记录中的地址转账。',
    '绑定提现地址时请复制粘贴并逐位核对首尾字符，不要手动输入；地址填错造成的损失无法追回。',
    '私钥、助记词、交易平台登录密码和验证码等同于资产本身，绝不要透露给任何人。本站客服不会以任何理由索取。',
    'C2C 交易请使用本人实名账户付款，只在交易平台内下单和沟通，不要与商家私下交易。',
  ],
  faqTitle: '常见问题',
  faqs: [
    {
      question: '转账后多久到账？',
      answer: 'TRC20 通常几分钟内到账；ERC20 受以太坊网络拥堵影响，可能需要更长时间。',
    },
    {
      question: '超时未到账怎么办？',
      answer:
        '先在交易平台的提币记录中确认状态为已完成，再联系在线客服，提供订单号、转账数量和交易哈希（TxID）。',
    },
    {
      question: '提币手续费由谁承担？',
      answer: '交易平台收取的提币手续费由转出方承担，请在转账时预留，确保到账数量与订单一致。',
    },
    {
      question: '可以同时绑定 TRC20 和 ERC20 地址吗？',
      answer: '可以。绑定时请选择正确的网络，提现时选择对应的地址即可。',
    },
  ],
  moreTitle: '相关页面',
  platformLead: '以下介绍在常用交易平台购买 USDT、转入本站充值地址以及卖出 USDT 的流程。',
  platformNote: '各平台 App 的菜单名称和位置会随版本更新调整，以下为常见路径，请以实际界面为准。',
  platforms: [
    {
      key: 'okx',
      name: '欧易 OKX',
      sections: [
        {
          title: '注册与实名认证',
          steps: [
            {
              title: '下载并注册',
              description: '从欧易官网或手机官方应用商店下载欧易 App，使用手机号或邮箱注册并设置登录密码。',
            },
            {
              title: '完成身份认证',
              description:
                '点击左上角头像进入个人中心 →「身份认证」，上传证件并完成人脸识别。认证通过后才能使用 C2C 买卖。',
            },
            {
              title: '开启安全设置',
              description: '在「安全中心」绑定手机、开启谷歌验证并设置资金密码，提币时需要验证。',
            },
          ],
        },
        {
          title: '买入 USDT',
          steps: [
            {
              title: '进入买币页面',
              description: '在首页点击「买币」，选择「C2C 买币」；也可使用「快捷买币」由系统自动匹配商家。',
            },
            {
              title: '选择 USDT 和商家',
              description:
                '在「购买」标签下选择 USDT，按价格、成交单数和完成率挑选商家，输入人民币金额或购买数量后下单。',
            },
            {
              title: '付款并确认',
              description:
                '在订单时限内按页面显示的收款信息，用本人实名的银行卡、支付宝或微信付款，完成后点击「我已付款」。',
            },
            {
              title: '等待商家放币',
              description: '商家确认收款后放币，USDT 进入您的资金账户。如有纠纷，请在订单页面发起申诉。',
            },
          ],
        },
        {
          title: '转入本站充值',
          steps: [
            {
              title: '在本站创建充值订单',
              description: '在本站「充值」页面选择 USDT 通道并提交订单，复制收款地址，记下应付数量。',
            },
            {
              title: '发起提币',
              description: '在欧易 App 点击「资产」→「提币」，选择 USDT，提币方式选择「链上提币」。',
            },
            {
              title: '填写地址并选择网络',
              description: '粘贴本站收款地址，网络选择 TRC20（须与订单一致），输入数量，注意预留手续费。',
            },
            {
              title: '安全验证并提交',
              description: '输入短信、邮箱或谷歌验证码确认提币，区块确认后本站自动到账。',
            },
          ],
        },
        {
          title: '卖出 USDT',
          steps: [
            {
              title: '获取充币地址',
              description:
                '点击「资产」→「充币」，选择 USDT 和 TRC20 网络，复制充币地址，绑定为本站 USDT 提现地址后申请提现。',
            },
            {
              title: '发起 C2C 出售',
              description:
                'USDT 到账后进入「C2C 买币」，切换到「出售」标签，选择 USDT 和买家，输入数量后下单。',
            },
            {
              title: '核实收款后放币',
              description:
                '买家付款后，务必登录银行或支付宝核实款项已到账、付款人与订单实名一致，再点击「放币」。不要只凭截图放币。',
            },
          ],
        },
      ],
    },
    {
      key: 'binance',
      name: '币安 Binance',
      sections: [
        {
          title: '注册与实名认证',
          steps: [
            {
              title: '下载并注册',
              description: '从币安官网或手机官方应用商店下载币安 App，使用手机号或邮箱注册。',
            },
            {
              title: '完成身份认证',
              description: '进入个人中心 →「身份认证」，按提示上传证件并完成人脸识别。',
            },
            {
              title: '开启双重验证',
              description: '在「安全」设置中开启谷歌验证或短信验证，提币时需要验证。',
            },
          ],
        },
        {
          title: '买入 USDT',
          steps: [
            {
              title: '进入 C2C 交易',
              description: '在首页点击「买币」，选择「C2C 交易」；小额购买也可以使用「快捷买币」。',
            },
            {
              title: '选择 USDT 和商家',
              description: '在「购买」页选择 USDT，按支付方式筛选，挑选完成率高的商家，输入金额后下单。',
            },
            {
              title: '付款并通知卖家',
              description: '在时限内用本人实名账户完成付款，然后在订单页点击已付款按钮通知卖家。',
            },
            {
              title: '收取 USDT',
              description: '卖家放币后，USDT 进入您的资金账户，可在「钱包」中查看。',
            },
          ],
        },
        {
          title: '转入本站充值',
          steps: [
            {
              title: '在本站创建充值订单',
              description: '在本站「充值」页面选择 USDT 通道并提交订单，复制收款地址，记下应付数量。',
            },
            {
              title: '发起提币',
              description: '在币安 App 点击「钱包」→「提现」，选择 USDT，提现方式选择通过加密网络发送。',
            },
            {
              title: '填写地址并选择网络',
              description: '粘贴本站收款地址，网络选择 Tron（TRC20），输入数量，注意预留手续费。',
            },
            {
              title: '安全验证并提交',
              description: '完成验证码确认后提交，区块确认后本站自动到账。',
            },
          ],
        },
        {
          title: '卖出 USDT',
          steps: [
            {
              title: '获取充值地址',
              description:
                '点击「钱包」→「充值」，选择 USDT 和 Tron（TRC20）网络，复制地址，绑定为本站 USDT 提现地址后申请提现。',
            },
            {
              title: '划转到资金账户',
              description: '如 USDT 到账在现货账户，先通过「划转」转入资金账户，C2C 出售使用资金账户余额。',
            },
            {
              title: '发起 C2C 出售',
              description: '进入「C2C 交易」，切换到「出售」，选择 USDT 和买家，输入数量后下单。',
            },
            {
              title: '核实收款后放币',
              description: '确认款项已到您的银行卡或支付宝、付款人与订单实名一致后，再确认放币。',
            },
          ],
        },
      ],
    },
    {
      key: 'htx',
      name: '火币 HTX',
      sections: [
        {
          title: '注册与实名认证',
          steps: [
            {
              title: '下载并注册',
              description: '从 HTX 官网或手机官方应用商店下载 HTX App，使用手机号或邮箱注册。',
            },
            {
              title: '完成身份认证',
              description: '进入个人中心 →「身份认证」，完成证件认证和人脸识别。',
            },
            {
              title: '开启安全设置',
              description: '绑定手机、开启谷歌验证并设置资金密码，提币和 C2C 交易时需要验证。',
            },
          ],
        },
        {
          title: '买入 USDT',
          steps: [
            {
              title: '进入 C2C 买币',
              description: '在首页点击「买币」，进入 C2C 交易页面。',
            },
            {
              title: '快捷区或自选区下单',
              description: '「快捷区」输入金额即可自动匹配商家；「自选区」可按价格和完成率自行挑选商家。',
            },
            {
              title: '付款并确认',
              description: '用本人实名账户在时限内付款，完成后点击「我已付款」。',
            },
            {
              title: '等待放币',
              description: '商家确认收款后放币，可在「资产」中查看 USDT 余额。',
            },
          ],
        },
        {
          title: '转入本站充值',
          steps: [
            {
              title: '在本站创建充值订单',
              description: '在本站「充值」页面选择 USDT 通道并提交订单，复制收款地址，记下应付数量。',
            },
            {
              title: '发起提币',
              description: '在 HTX App 点击「资产」→「提币」，选择 USDT。',
            },
            {
              title: '填写地址并选择网络',
              description: '链名称选择 TRC20（须与订单一致），粘贴本站收款地址，输入数量，注意预留手续费。',
            },
            {
              title: '安全验证并提交',
              description: '完成验证码确认后提交，区块确认后本站自动到账。',
            },
          ],
        },
        {
          title: '卖出 USDT',
          steps: [
            {
              title: '获取充币地址',
              description:
                '点击「资产」→「充币」，选择 USDT 和 TRC20，复制地址，绑定为本站 USDT 提现地址后申请提现。',
            },
            {
              title: '发起 C2C 出售',
              description: '到账后进入 C2C 交易页面，切换到「出售」，选择 USDT 和买家，输入数量后下单。',
            },
            {
              title: '核实收款后放币',
              description: '确认款项已到账、付款人与订单实名一致后，再点击「放币」。',
            },
          ],
        },
      ],
    },
  ],
  safetyTitle: '安全须知',
  safetyTips: [
    '只从交易平台官网或手机官方应用商店下载 App，谨防仿冒网站和假冒客服。',
    '转入本站时，网络必须与充值订单一致；本站地址只接收 USDT。',
    '出售 USDT 时，务必在银行或支付宝中确认收到款项后再放币。',
    '不要向任何人透露私钥、助记词、登录密码或验证码。',
    '请遵守您所在地区关于数字资产的法律法规。',
  ],
} as const;
