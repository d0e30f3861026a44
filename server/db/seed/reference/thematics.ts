import type { Db } from '../../client.js';
import { thematics } from '../../schema/reference.js';
import { searchTextOf, type Names, type NamedEntry } from './names.js';
import { syncIdSequence, upsertRows } from './upsert.js';

/** A thematic and the instruction telling the AI, in each locale, when a book has it. */
export interface ThematicEntry extends NamedEntry {
  aiDescriptions: Names;
}

/** A top-level thematic and its sub-thematics. */
export interface ThematicSeed extends ThematicEntry {
  children: readonly ThematicEntry[];
}

/**
 * The thematic tree: top thematics have ids 1 to 10, sub-thematics follow from 11.
 * New entries take the next free id, never a reused one.
 */
export const THEMATICS: readonly ThematicSeed[] = [
  {
    id: 1,
    names: { en: 'Family', fr: 'Famille', es: 'Familia', de: 'Familie', it: 'Famiglia' },
    aiDescriptions: {
      en: 'Use when relationships within a family (parents, children, siblings, relatives) drive the story.',
      fr: "À retenir lorsque les relations au sein d'une famille (parents, enfants, frères et sœurs, proches) portent le récit.",
      es: 'Aplicar cuando las relaciones dentro de una familia (padres, hijos, hermanos, parientes) impulsan la historia.',
      de: 'Zutreffend, wenn die Beziehungen innerhalb einer Familie (Eltern, Kinder, Geschwister, Verwandte) die Handlung tragen.',
      it: "Da usare quando i rapporti all'interno di una famiglia (genitori, figli, fratelli, parenti) guidano la storia.",
    },
    children: [
      {
        id: 11,
        names: { en: 'Parenthood', fr: 'Parentalité', es: 'Maternidad y paternidad', de: 'Elternschaft', it: 'Genitorialità' },
        aiDescriptions: {
          en: 'Use when becoming or being a parent, raising a child, adoption or infertility is a central issue.',
          fr: "À retenir lorsque devenir ou être parent, élever un enfant, l'adoption ou l'infertilité est un enjeu central.",
          es: 'Aplicar cuando ser madre o padre, criar a un hijo, la adopción o la infertilidad es un tema central.',
          de: 'Zutreffend, wenn Elternwerden oder Elternsein, Kindererziehung, Adoption oder Unfruchtbarkeit im Mittelpunkt stehen.',
          it: "Da usare quando diventare o essere genitori, crescere un figlio, l'adozione o l'infertilità sono una questione centrale.",
        },
      },
      {
        id: 12,
        names: { en: 'Siblings', fr: 'Fratrie', es: 'Hermanos', de: 'Geschwister', it: 'Fratelli e sorelle' },
        aiDescriptions: {
          en: 'Use when the bond, rivalry or reunion between brothers and sisters is central.',
          fr: 'À retenir lorsque le lien, la rivalité ou les retrouvailles entre frères et sœurs sont au cœur du récit.',
          es: 'Aplicar cuando el vínculo, la rivalidad o el reencuentro entre hermanos es central.',
          de: 'Zutreffend, wenn die Bindung, Rivalität oder Wiederbegegnung von Geschwistern im Mittelpunkt steht.',
          it: 'Da usare quando il legame, la rivalità o il ritrovarsi tra fratelli e sorelle è centrale.',
        },
      },
      {
        id: 13,
        names: { en: 'Family secrets', fr: 'Secrets de famille', es: 'Secretos familiares', de: 'Familiengeheimnisse', it: 'Segreti di famiglia' },
        aiDescriptions: {
          en: 'Use when a hidden truth about the family (origins, paternity, a past crime) is revealed or investigated.',
          fr: "À retenir lorsqu'une vérité cachée sur la famille (origines, filiation, crime passé) est révélée ou recherchée.",
          es: 'Aplicar cuando se revela o se investiga una verdad oculta sobre la familia (orígenes, paternidad, un crimen pasado).',
          de: 'Zutreffend, wenn eine verborgene Wahrheit über die Familie (Herkunft, Vaterschaft, ein früheres Verbrechen) enthüllt oder erforscht wird.',
          it: 'Da usare quando una verità nascosta sulla famiglia (origini, paternità, un crimine del passato) viene rivelata o indagata.',
        },
      },
      {
        id: 14,
        names: { en: 'Inheritance and legacy', fr: 'Héritage et transmission', es: 'Herencia y transmisión', de: 'Erbe und Weitergabe', it: 'Eredità e trasmissione' },
        aiDescriptions: {
          en: 'Use when what is passed down between generations (a fortune, a business, a trauma, values) is at stake.',
          fr: 'À retenir lorsque ce qui se transmet entre générations (une fortune, une entreprise, un traumatisme, des valeurs) est en jeu.',
          es: 'Aplicar cuando está en juego lo que se transmite entre generaciones (una fortuna, una empresa, un trauma, unos valores).',
          de: 'Zutreffend, wenn es um das geht, was zwischen Generationen weitergegeben wird (ein Vermögen, ein Unternehmen, ein Trauma, Werte).',
          it: "Da usare quando è in gioco ciò che si trasmette tra generazioni (un patrimonio, un'azienda, un trauma, dei valori).",
        },
      },
    ],
  },
  {
    id: 2,
    names: { en: 'Love and relationships', fr: 'Amour et relations', es: 'Amor y relaciones', de: 'Liebe und Beziehungen', it: 'Amore e relazioni' },
    aiDescriptions: {
      en: 'Use when romantic, sexual or close emotional relationships are a main driver of the story.',
      fr: 'À retenir lorsque les relations amoureuses, sexuelles ou affectives sont un moteur principal du récit.',
      es: 'Aplicar cuando las relaciones amorosas, sexuales o afectivas son un motor principal de la historia.',
      de: 'Zutreffend, wenn Liebes-, sexuelle oder enge Gefühlsbeziehungen die Handlung maßgeblich antreiben.',
      it: 'Da usare quando le relazioni amorose, sessuali o affettive sono un motore principale della storia.',
    },
    children: [
      {
        id: 15,
        names: { en: 'First love', fr: 'Premier amour', es: 'Primer amor', de: 'Erste Liebe', it: 'Primo amore' },
        aiDescriptions: {
          en: 'Use when a first romantic experience, usually in adolescence or youth, is central.',
          fr: "À retenir lorsqu'une première expérience amoureuse, souvent à l'adolescence ou dans la jeunesse, est centrale.",
          es: 'Aplicar cuando una primera experiencia amorosa, normalmente en la adolescencia o la juventud, es central.',
          de: 'Zutreffend, wenn eine erste Liebeserfahrung, meist in der Jugend, im Mittelpunkt steht.',
          it: "Da usare quando una prima esperienza amorosa, di solito nell'adolescenza o nella giovinezza, è centrale.",
        },
      },
      {
        id: 16,
        names: { en: 'Forbidden love', fr: 'Amour interdit', es: 'Amor prohibido', de: 'Verbotene Liebe', it: 'Amore proibito' },
        aiDescriptions: {
          en: 'Use when a love affair defies family, social, religious or legal barriers, adultery included.',
          fr: "À retenir lorsqu'une histoire d'amour brave des interdits familiaux, sociaux, religieux ou légaux, adultère compris.",
          es: 'Aplicar cuando un amor desafía barreras familiares, sociales, religiosas o legales, incluido el adulterio.',
          de: 'Zutreffend, wenn eine Liebe familiäre, gesellschaftliche, religiöse oder rechtliche Schranken missachtet, Ehebruch eingeschlossen.',
          it: 'Da usare quando un amore sfida barriere familiari, sociali, religiose o legali, adulterio compreso.',
        },
      },
      {
        id: 17,
        names: { en: 'Break-up and divorce', fr: 'Rupture et divorce', es: 'Ruptura y divorcio', de: 'Trennung und Scheidung', it: 'Separazione e divorzio' },
        aiDescriptions: {
          en: 'Use when the end of a couple, a separation or a divorce and its aftermath are central.',
          fr: "À retenir lorsque la fin d'un couple, une séparation ou un divorce et leurs suites sont au centre du récit.",
          es: 'Aplicar cuando el final de una pareja, una separación o un divorcio y sus consecuencias son centrales.',
          de: 'Zutreffend, wenn das Ende einer Beziehung, eine Trennung oder Scheidung und ihre Folgen im Mittelpunkt stehen.',
          it: 'Da usare quando la fine di una coppia, una separazione o un divorzio e le loro conseguenze sono centrali.',
        },
      },
      {
        id: 18,
        names: { en: 'Friendship', fr: 'Amitié', es: 'Amistad', de: 'Freundschaft', it: 'Amicizia' },
        aiDescriptions: {
          en: 'Use when a friendship, its strength or its betrayal, is a main thread of the story.',
          fr: "À retenir lorsqu'une amitié, sa force ou sa trahison, est un fil principal du récit.",
          es: 'Aplicar cuando una amistad, su fuerza o su traición, es un hilo principal de la historia.',
          de: 'Zutreffend, wenn eine Freundschaft, ihre Stärke oder ihr Verrat, ein Hauptstrang der Handlung ist.',
          it: "Da usare quando un'amicizia, la sua forza o il suo tradimento, è un filo conduttore della storia.",
        },
      },
    ],
  },
  {
    id: 3,
    names: { en: 'Society', fr: 'Société', es: 'Sociedad', de: 'Gesellschaft', it: 'Società' },
    aiDescriptions: {
      en: 'Use when the story examines a social issue or the way a community or society treats people.',
      fr: 'À retenir lorsque le récit interroge une question de société ou la manière dont une communauté traite les individus.',
      es: 'Aplicar cuando la historia examina un problema social o la forma en que una comunidad o sociedad trata a las personas.',
      de: 'Zutreffend, wenn die Geschichte ein gesellschaftliches Problem beleuchtet oder zeigt, wie eine Gemeinschaft mit Menschen umgeht.',
      it: 'Da usare quando la storia esamina una questione sociale o il modo in cui una comunità o una società tratta le persone.',
    },
    children: [
      {
        id: 19,
        names: { en: 'Social inequality', fr: 'Inégalités sociales', es: 'Desigualdad social', de: 'Soziale Ungleichheit', it: 'Disuguaglianza sociale' },
        aiDescriptions: {
          en: "Use when poverty, class divides, social climbing or downward mobility shape the characters' fates.",
          fr: "À retenir lorsque la pauvreté, les fractures de classe, l'ascension ou le déclassement social façonnent le destin des personnages.",
          es: 'Aplicar cuando la pobreza, las diferencias de clase, el ascenso o el descenso social marcan el destino de los personajes.',
          de: 'Zutreffend, wenn Armut, Klassengegensätze, sozialer Aufstieg oder Abstieg das Schicksal der Figuren prägen.',
          it: 'Da usare quando povertà, divisioni di classe, ascesa o declassamento sociale determinano il destino dei personaggi.',
        },
      },
      {
        id: 20,
        names: { en: 'Migration and exile', fr: 'Migration et exil', es: 'Migración y exilio', de: 'Migration und Exil', it: 'Migrazione ed esilio' },
        aiDescriptions: {
          en: 'Use when characters leave their country, migrate, seek refuge or live in exile.',
          fr: 'À retenir lorsque des personnages quittent leur pays, émigrent, cherchent refuge ou vivent en exil.',
          es: 'Aplicar cuando los personajes dejan su país, emigran, buscan refugio o viven en el exilio.',
          de: 'Zutreffend, wenn Figuren ihr Land verlassen, auswandern, Zuflucht suchen oder im Exil leben.',
          it: 'Da usare quando i personaggi lasciano il loro paese, emigrano, cercano rifugio o vivono in esilio.',
        },
      },
      {
        id: 21,
        names: { en: 'Discrimination and racism', fr: 'Discriminations et racisme', es: 'Discriminación y racismo', de: 'Diskriminierung und Rassismus', it: 'Discriminazione e razzismo' },
        aiDescriptions: {
          en: 'Use when characters suffer or fight discrimination based on origin, skin colour, religion, disability or another trait.',
          fr: "À retenir lorsque des personnages subissent ou combattent des discriminations liées à l'origine, à la couleur de peau, à la religion, au handicap ou à une autre caractéristique.",
          es: 'Aplicar cuando los personajes sufren o combaten la discriminación por su origen, color de piel, religión, discapacidad u otro rasgo.',
          de: 'Zutreffend, wenn Figuren Diskriminierung aufgrund von Herkunft, Hautfarbe, Religion, Behinderung oder einem anderen Merkmal erleiden oder bekämpfen.',
          it: 'Da usare quando i personaggi subiscono o combattono discriminazioni legate a origine, colore della pelle, religione, disabilità o altre caratteristiche.',
        },
      },
      {
        id: 22,
        names: { en: "Women's rights and feminism", fr: 'Droits des femmes et féminisme', es: 'Derechos de las mujeres y feminismo', de: 'Frauenrechte und Feminismus', it: 'Diritti delle donne e femminismo' },
        aiDescriptions: {
          en: "Use when the condition of women, gender-based violence or the fight for women's rights is central.",
          fr: 'À retenir lorsque la condition des femmes, les violences sexistes ou la lutte pour les droits des femmes sont centrales.',
          es: 'Aplicar cuando la condición de la mujer, la violencia de género o la lucha por los derechos de las mujeres es central.',
          de: 'Zutreffend, wenn die Lage von Frauen, geschlechtsspezifische Gewalt oder der Kampf für Frauenrechte im Mittelpunkt stehen.',
          it: 'Da usare quando la condizione femminile, la violenza di genere o la lotta per i diritti delle donne sono centrali.',
        },
      },
      {
        id: 23,
        names: { en: 'LGBTQ+ identities', fr: 'Identités LGBTQ+', es: 'Identidades LGBTQ+', de: 'LGBTQ+-Identitäten', it: 'Identità LGBTQ+' },
        aiDescriptions: {
          en: 'Use when sexual orientation, gender identity, coming out or LGBTQ+ lives are a central subject.',
          fr: "À retenir lorsque l'orientation sexuelle, l'identité de genre, le coming out ou les vies LGBTQ+ sont un sujet central.",
          es: 'Aplicar cuando la orientación sexual, la identidad de género, la salida del armario o las vidas LGBTQ+ son un tema central.',
          de: 'Zutreffend, wenn sexuelle Orientierung, Geschlechtsidentität, Coming-out oder LGBTQ+-Lebenswelten ein zentrales Thema sind.',
          it: "Da usare quando l'orientamento sessuale, l'identità di genere, il coming out o le vite LGBTQ+ sono un tema centrale.",
        },
      },
    ],
  },
  {
    id: 4,
    names: { en: 'Power and politics', fr: 'Pouvoir et politique', es: 'Poder y política', de: 'Macht und Politik', it: 'Potere e politica' },
    aiDescriptions: {
      en: 'Use when the conquest, exercise or abuse of political, economic or military power is central.',
      fr: "À retenir lorsque la conquête, l'exercice ou l'abus du pouvoir politique, économique ou militaire sont centraux.",
      es: 'Aplicar cuando la conquista, el ejercicio o el abuso del poder político, económico o militar es central.',
      de: 'Zutreffend, wenn Erringen, Ausübung oder Missbrauch politischer, wirtschaftlicher oder militärischer Macht im Mittelpunkt stehen.',
      it: "Da usare quando la conquista, l'esercizio o l'abuso del potere politico, economico o militare sono centrali.",
    },
    children: [
      {
        id: 24,
        names: { en: 'Corruption', fr: 'Corruption', es: 'Corrupción', de: 'Korruption', it: 'Corruzione' },
        aiDescriptions: {
          en: 'Use when bribery, influence peddling or collusion between officials, businesses or police drives the plot.',
          fr: "À retenir lorsque les pots-de-vin, le trafic d'influence ou la collusion entre élus, entreprises ou police font avancer l'intrigue.",
          es: 'Aplicar cuando los sobornos, el tráfico de influencias o la connivencia entre cargos públicos, empresas o policía mueven la trama.',
          de: 'Zutreffend, wenn Bestechung, Vetternwirtschaft oder die Verstrickung von Amtsträgern, Unternehmen oder Polizei die Handlung vorantreiben.',
          it: 'Da usare quando tangenti, traffico di influenze o collusione tra funzionari, imprese o polizia muovono la trama.',
        },
      },
      {
        id: 25,
        names: { en: 'War and armed conflict', fr: 'Guerre et conflits armés', es: 'Guerra y conflictos armados', de: 'Krieg und bewaffnete Konflikte', it: 'Guerra e conflitti armati' },
        aiDescriptions: {
          en: 'Use when a war, a civil war or an armed conflict and its effects on soldiers or civilians are central.',
          fr: "À retenir lorsqu'une guerre, une guerre civile ou un conflit armé et leurs effets sur les combattants ou les civils sont centraux.",
          es: 'Aplicar cuando una guerra, una guerra civil o un conflicto armado y sus efectos en combatientes o civiles son centrales.',
          de: 'Zutreffend, wenn ein Krieg, ein Bürgerkrieg oder ein bewaffneter Konflikt und seine Folgen für Soldaten oder Zivilisten im Mittelpunkt stehen.',
          it: 'Da usare quando una guerra, una guerra civile o un conflitto armato e i loro effetti su combattenti o civili sono centrali.',
        },
      },
      {
        id: 26,
        names: { en: 'Dictatorship and totalitarianism', fr: 'Dictature et totalitarisme', es: 'Dictadura y totalitarismo', de: 'Diktatur und Totalitarismus', it: 'Dittatura e totalitarismo' },
        aiDescriptions: {
          en: 'Use when characters live under, serve or resist an authoritarian or totalitarian regime.',
          fr: 'À retenir lorsque des personnages vivent sous un régime autoritaire ou totalitaire, le servent ou lui résistent.',
          es: 'Aplicar cuando los personajes viven bajo un régimen autoritario o totalitario, lo sirven o lo resisten.',
          de: 'Zutreffend, wenn Figuren unter einem autoritären oder totalitären Regime leben, ihm dienen oder Widerstand leisten.',
          it: 'Da usare quando i personaggi vivono sotto un regime autoritario o totalitario, lo servono o vi resistono.',
        },
      },
      {
        id: 27,
        names: { en: 'Terrorism', fr: 'Terrorisme', es: 'Terrorismo', de: 'Terrorismus', it: 'Terrorismo' },
        aiDescriptions: {
          en: 'Use when a terrorist attack, its preparation, its investigation or its victims are central.',
          fr: "À retenir lorsqu'un attentat terroriste, sa préparation, l'enquête qui le suit ou ses victimes sont au centre du récit.",
          es: 'Aplicar cuando un atentado terrorista, su preparación, su investigación o sus víctimas son centrales.',
          de: 'Zutreffend, wenn ein Terroranschlag, seine Vorbereitung, die Ermittlungen oder seine Opfer im Mittelpunkt stehen.',
          it: 'Da usare quando un attentato terroristico, la sua preparazione, le indagini o le sue vittime sono centrali.',
        },
      },
    ],
  },
  {
    id: 5,
    names: { en: 'Crime and justice', fr: 'Crime et justice', es: 'Crimen y justicia', de: 'Verbrechen und Justiz', it: 'Crimine e giustizia' },
    aiDescriptions: {
      en: 'Use when a crime, its investigation, its trial or its consequences structure the story.',
      fr: "À retenir lorsqu'un crime, l'enquête, le procès ou leurs conséquences structurent le récit.",
      es: 'Aplicar cuando un crimen, su investigación, su juicio o sus consecuencias estructuran la historia.',
      de: 'Zutreffend, wenn ein Verbrechen, die Ermittlungen, der Prozess oder die Folgen die Geschichte strukturieren.',
      it: 'Da usare quando un crimine, le indagini, il processo o le loro conseguenze strutturano la storia.',
    },
    children: [
      {
        id: 28,
        names: { en: 'Murder', fr: 'Meurtre', es: 'Asesinato', de: 'Mord', it: 'Omicidio' },
        aiDescriptions: {
          en: 'Use when one or more killings are at the heart of the plot, whatever the genre.',
          fr: "À retenir lorsqu'un ou plusieurs meurtres sont au cœur de l'intrigue, quel que soit le genre.",
          es: 'Aplicar cuando uno o varios asesinatos están en el centro de la trama, sea cual sea el género.',
          de: 'Zutreffend, wenn ein oder mehrere Morde im Zentrum der Handlung stehen, unabhängig vom Genre.',
          it: 'Da usare quando uno o più omicidi sono al centro della trama, qualunque sia il genere.',
        },
      },
      {
        id: 29,
        names: { en: 'Miscarriage of justice', fr: 'Erreur judiciaire', es: 'Error judicial', de: 'Justizirrtum', it: 'Errore giudiziario' },
        aiDescriptions: {
          en: 'Use when an innocent person is accused or convicted, or a guilty one escapes justice.',
          fr: "À retenir lorsqu'un innocent est accusé ou condamné, ou qu'un coupable échappe à la justice.",
          es: 'Aplicar cuando un inocente es acusado o condenado, o un culpable escapa a la justicia.',
          de: 'Zutreffend, wenn ein Unschuldiger angeklagt oder verurteilt wird oder ein Schuldiger der Justiz entkommt.',
          it: 'Da usare quando un innocente viene accusato o condannato, o un colpevole sfugge alla giustizia.',
        },
      },
      {
        id: 30,
        names: { en: 'Revenge', fr: 'Vengeance', es: 'Venganza', de: 'Rache', it: 'Vendetta' },
        aiDescriptions: {
          en: "Use when a character's quest for revenge drives the plot.",
          fr: "À retenir lorsque la soif de vengeance d'un personnage fait avancer l'intrigue.",
          es: 'Aplicar cuando el deseo de venganza de un personaje impulsa la trama.',
          de: 'Zutreffend, wenn der Rachefeldzug einer Figur die Handlung antreibt.',
          it: 'Da usare quando la sete di vendetta di un personaggio muove la trama.',
        },
      },
      {
        id: 31,
        names: { en: 'Organised crime', fr: 'Crime organisé', es: 'Crimen organizado', de: 'Organisierte Kriminalität', it: 'Criminalità organizzata' },
        aiDescriptions: {
          en: 'Use when mafias, gangs, cartels or trafficking networks play a major role.',
          fr: 'À retenir lorsque des mafias, des gangs, des cartels ou des réseaux de trafic jouent un rôle majeur.',
          es: 'Aplicar cuando mafias, bandas, cárteles o redes de tráfico desempeñan un papel importante.',
          de: 'Zutreffend, wenn Mafias, Banden, Kartelle oder Schmugglerringe eine wichtige Rolle spielen.',
          it: 'Da usare quando mafie, bande, cartelli o reti di traffici hanno un ruolo importante.',
        },
      },
    ],
  },
  {
    id: 6,
    names: { en: 'Identity and inner life', fr: 'Identité et vie intérieure', es: 'Identidad y vida interior', de: 'Identität und Innenleben', it: 'Identità e vita interiore' },
    aiDescriptions: {
      en: "Use when the story focuses on a character's inner journey, psyche or search for self.",
      fr: "À retenir lorsque le récit se concentre sur le cheminement intérieur, la psyché ou la quête de soi d'un personnage.",
      es: 'Aplicar cuando la historia se centra en el recorrido interior, la psique o la búsqueda de sí mismo de un personaje.',
      de: 'Zutreffend, wenn die Geschichte den inneren Weg, die Psyche oder die Selbstsuche einer Figur in den Mittelpunkt stellt.',
      it: 'Da usare quando la storia si concentra sul percorso interiore, sulla psiche o sulla ricerca di sé di un personaggio.',
    },
    children: [
      {
        id: 32,
        names: { en: 'Coming of age', fr: "Passage à l'âge adulte", es: 'Paso a la edad adulta', de: 'Erwachsenwerden', it: 'Diventare adulti' },
        aiDescriptions: {
          en: 'Use when a young character leaves childhood behind and learns to become an adult.',
          fr: "À retenir lorsqu'un jeune personnage quitte l'enfance et apprend à devenir adulte.",
          es: 'Aplicar cuando un personaje joven deja atrás la infancia y aprende a hacerse adulto.',
          de: 'Zutreffend, wenn eine junge Figur die Kindheit hinter sich lässt und lernt, erwachsen zu werden.',
          it: "Da usare quando un personaggio giovane si lascia alle spalle l'infanzia e impara a diventare adulto.",
        },
      },
      {
        id: 33,
        names: { en: 'Grief and mourning', fr: 'Deuil', es: 'Duelo', de: 'Trauer', it: 'Lutto' },
        aiDescriptions: {
          en: 'Use when the death of a loved one and the process of mourning shape the story.',
          fr: "À retenir lorsque la mort d'un proche et le travail de deuil façonnent le récit.",
          es: 'Aplicar cuando la muerte de un ser querido y el proceso de duelo marcan la historia.',
          de: 'Zutreffend, wenn der Tod eines geliebten Menschen und die Trauerarbeit die Geschichte prägen.',
          it: "Da usare quando la morte di una persona cara e l'elaborazione del lutto segnano la storia.",
        },
      },
      {
        id: 34,
        names: { en: 'Mental health', fr: 'Santé mentale', es: 'Salud mental', de: 'Psychische Gesundheit', it: 'Salute mentale' },
        aiDescriptions: {
          en: 'Use when depression, trauma, psychiatric illness or psychological suffering is a central subject.',
          fr: 'À retenir lorsque la dépression, un traumatisme, une maladie psychiatrique ou une souffrance psychique est un sujet central.',
          es: 'Aplicar cuando la depresión, un trauma, una enfermedad psiquiátrica o el sufrimiento psicológico es un tema central.',
          de: 'Zutreffend, wenn Depression, Trauma, psychische Erkrankung oder seelisches Leiden ein zentrales Thema sind.',
          it: 'Da usare quando depressione, trauma, malattia psichiatrica o sofferenza psicologica sono un tema centrale.',
        },
      },
      {
        id: 35,
        names: { en: 'Addiction', fr: 'Addiction', es: 'Adicción', de: 'Sucht', it: 'Dipendenza' },
        aiDescriptions: {
          en: 'Use when dependence on drugs, alcohol, gambling or screens is a major issue for a character.',
          fr: "À retenir lorsque la dépendance à la drogue, à l'alcool, au jeu ou aux écrans est un enjeu majeur pour un personnage.",
          es: 'Aplicar cuando la dependencia de las drogas, el alcohol, el juego o las pantallas es un problema importante para un personaje.',
          de: 'Zutreffend, wenn die Abhängigkeit von Drogen, Alkohol, Glücksspiel oder Bildschirmen für eine Figur ein zentrales Problem ist.',
          it: "Da usare quando la dipendenza da droghe, alcol, gioco d'azzardo o schermi è un problema importante per un personaggio.",
        },
      },
      {
        id: 36,
        names: { en: 'Quest for identity', fr: "Quête d'identité", es: 'Búsqueda de identidad', de: 'Identitätssuche', it: "Ricerca dell'identità" },
        aiDescriptions: {
          en: 'Use when a character searches for their origins, their place in the world or who they really are.',
          fr: "À retenir lorsqu'un personnage cherche ses origines, sa place dans le monde ou qui il est vraiment.",
          es: 'Aplicar cuando un personaje busca sus orígenes, su lugar en el mundo o quién es realmente.',
          de: 'Zutreffend, wenn eine Figur nach ihrer Herkunft, ihrem Platz in der Welt oder ihrem wahren Selbst sucht.',
          it: 'Da usare quando un personaggio cerca le proprie origini, il proprio posto nel mondo o chi è davvero.',
        },
      },
    ],
  },
  {
    id: 7,
    names: { en: 'Nature and environment', fr: 'Nature et environnement', es: 'Naturaleza y medio ambiente', de: 'Natur und Umwelt', it: 'Natura e ambiente' },
    aiDescriptions: {
      en: 'Use when nature, the environment or the relationship between humans and the living world is central.',
      fr: "À retenir lorsque la nature, l'environnement ou le rapport entre l'humain et le vivant sont centraux.",
      es: 'Aplicar cuando la naturaleza, el medio ambiente o la relación entre el ser humano y el mundo vivo son centrales.',
      de: 'Zutreffend, wenn die Natur, die Umwelt oder das Verhältnis zwischen Mensch und Lebewelt im Mittelpunkt stehen.',
      it: "Da usare quando la natura, l'ambiente o il rapporto tra l'essere umano e il mondo vivente sono centrali.",
    },
    children: [
      {
        id: 37,
        names: { en: 'Climate change', fr: 'Changement climatique', es: 'Cambio climático', de: 'Klimawandel', it: 'Cambiamento climatico' },
        aiDescriptions: {
          en: 'Use when global warming, an ecological disaster or environmental activism drives the story.',
          fr: 'À retenir lorsque le réchauffement climatique, une catastrophe écologique ou le militantisme écologiste portent le récit.',
          es: 'Aplicar cuando el calentamiento global, una catástrofe ecológica o el activismo medioambiental impulsan la historia.',
          de: 'Zutreffend, wenn Erderwärmung, eine Umweltkatastrophe oder Umweltaktivismus die Handlung antreiben.',
          it: "Da usare quando il riscaldamento globale, un disastro ecologico o l'attivismo ambientale guidano la storia.",
        },
      },
      {
        id: 38,
        names: { en: 'Animals', fr: 'Animaux', es: 'Animales', de: 'Tiere', it: 'Animali' },
        aiDescriptions: {
          en: 'Use when one or more animals are main characters or the bond with an animal is central.',
          fr: "À retenir lorsqu'un ou plusieurs animaux sont des personnages principaux ou que le lien avec un animal est central.",
          es: 'Aplicar cuando uno o varios animales son personajes principales o el vínculo con un animal es central.',
          de: 'Zutreffend, wenn ein oder mehrere Tiere Hauptfiguren sind oder die Bindung zu einem Tier im Mittelpunkt steht.',
          it: 'Da usare quando uno o più animali sono personaggi principali o il legame con un animale è centrale.',
        },
      },
      {
        id: 39,
        names: { en: 'Survival in the wild', fr: 'Survie en milieu sauvage', es: 'Supervivencia en la naturaleza', de: 'Überleben in der Wildnis', it: 'Sopravvivenza nella natura selvaggia' },
        aiDescriptions: {
          en: 'Use when characters must survive in a hostile natural environment (mountains, sea, forest, desert, ice).',
          fr: 'À retenir lorsque des personnages doivent survivre dans un milieu naturel hostile (montagne, mer, forêt, désert, glaces).',
          es: 'Aplicar cuando los personajes deben sobrevivir en un entorno natural hostil (montaña, mar, bosque, desierto, hielo).',
          de: 'Zutreffend, wenn Figuren in einer lebensfeindlichen Natur überleben müssen (Gebirge, Meer, Wald, Wüste, Eis).',
          it: 'Da usare quando i personaggi devono sopravvivere in un ambiente naturale ostile (montagna, mare, foresta, deserto, ghiacci).',
        },
      },
    ],
  },
  {
    id: 8,
    names: { en: 'Science and technology', fr: 'Sciences et technologies', es: 'Ciencia y tecnología', de: 'Wissenschaft und Technik', it: 'Scienza e tecnologia' },
    aiDescriptions: {
      en: 'Use when scientific discovery or technology and its impact on people are central.',
      fr: 'À retenir lorsque la découverte scientifique ou la technologie et leur impact sur les personnes sont centraux.',
      es: 'Aplicar cuando el descubrimiento científico o la tecnología y su impacto en las personas son centrales.',
      de: 'Zutreffend, wenn wissenschaftliche Entdeckungen oder Technik und ihre Auswirkungen auf den Menschen im Mittelpunkt stehen.',
      it: 'Da usare quando la scoperta scientifica o la tecnologia e il loro impatto sulle persone sono centrali.',
    },
    children: [
      {
        id: 40,
        names: { en: 'Artificial intelligence', fr: 'Intelligence artificielle', es: 'Inteligencia artificial', de: 'Künstliche Intelligenz', it: 'Intelligenza artificiale' },
        aiDescriptions: {
          en: 'Use when artificial intelligence, robots or androids play a major role.',
          fr: "À retenir lorsque l'intelligence artificielle, des robots ou des androïdes jouent un rôle majeur.",
          es: 'Aplicar cuando la inteligencia artificial, los robots o los androides desempeñan un papel importante.',
          de: 'Zutreffend, wenn künstliche Intelligenz, Roboter oder Androiden eine wichtige Rolle spielen.',
          it: "Da usare quando l'intelligenza artificiale, i robot o gli androidi hanno un ruolo importante.",
        },
      },
      {
        id: 41,
        names: { en: 'Genetics and biotechnology', fr: 'Génétique et biotechnologies', es: 'Genética y biotecnología', de: 'Genetik und Biotechnologie', it: 'Genetica e biotecnologie' },
        aiDescriptions: {
          en: 'Use when genetic engineering, cloning, a pandemic or medical experiments are central.',
          fr: 'À retenir lorsque le génie génétique, le clonage, une pandémie ou des expériences médicales sont centraux.',
          es: 'Aplicar cuando la ingeniería genética, la clonación, una pandemia o los experimentos médicos son centrales.',
          de: 'Zutreffend, wenn Gentechnik, Klonen, eine Pandemie oder medizinische Experimente im Mittelpunkt stehen.',
          it: "Da usare quando l'ingegneria genetica, la clonazione, una pandemia o esperimenti medici sono centrali.",
        },
      },
      {
        id: 42,
        names: { en: 'Surveillance and digital life', fr: 'Surveillance et vie numérique', es: 'Vigilancia y vida digital', de: 'Überwachung und digitales Leben', it: 'Sorveglianza e vita digitale' },
        aiDescriptions: {
          en: 'Use when mass surveillance, social networks, hacking or life online shape the story.',
          fr: 'À retenir lorsque la surveillance de masse, les réseaux sociaux, le piratage ou la vie en ligne façonnent le récit.',
          es: 'Aplicar cuando la vigilancia masiva, las redes sociales, la piratería informática o la vida en línea marcan la historia.',
          de: 'Zutreffend, wenn Massenüberwachung, soziale Netzwerke, Hacking oder das Leben im Netz die Geschichte prägen.',
          it: "Da usare quando la sorveglianza di massa, i social network, l'hacking o la vita online segnano la storia.",
        },
      },
      {
        id: 43,
        names: { en: 'Space exploration', fr: 'Conquête spatiale', es: 'Exploración espacial', de: 'Raumfahrt', it: 'Esplorazione spaziale' },
        aiDescriptions: {
          en: 'Use when space travel, astronauts or the colonisation of other planets are central.',
          fr: "À retenir lorsque les voyages spatiaux, des astronautes ou la colonisation d'autres planètes sont centraux.",
          es: 'Aplicar cuando los viajes espaciales, los astronautas o la colonización de otros planetas son centrales.',
          de: 'Zutreffend, wenn Raumfahrt, Astronauten oder die Besiedlung anderer Planeten im Mittelpunkt stehen.',
          it: 'Da usare quando i viaggi spaziali, gli astronauti o la colonizzazione di altri pianeti sono centrali.',
        },
      },
    ],
  },
  {
    id: 9,
    names: { en: 'Beliefs and the supernatural', fr: 'Croyances et surnaturel', es: 'Creencias y lo sobrenatural', de: 'Glaube und Übernatürliches', it: 'Credenze e soprannaturale' },
    aiDescriptions: {
      en: 'Use when faith, spirituality or forces beyond rational explanation play a major role.',
      fr: 'À retenir lorsque la foi, la spiritualité ou des forces échappant à toute explication rationnelle jouent un rôle majeur.',
      es: 'Aplicar cuando la fe, la espiritualidad o fuerzas que escapan a toda explicación racional desempeñan un papel importante.',
      de: 'Zutreffend, wenn Glaube, Spiritualität oder rational nicht erklärbare Kräfte eine wichtige Rolle spielen.',
      it: 'Da usare quando la fede, la spiritualità o forze che sfuggono a ogni spiegazione razionale hanno un ruolo importante.',
    },
    children: [
      {
        id: 44,
        names: { en: 'Religion and faith', fr: 'Religion et foi', es: 'Religión y fe', de: 'Religion und Glaube', it: 'Religione e fede' },
        aiDescriptions: {
          en: 'Use when religious faith, doubt, a religious institution or a conversion is central.',
          fr: 'À retenir lorsque la foi religieuse, le doute, une institution religieuse ou une conversion sont centraux.',
          es: 'Aplicar cuando la fe religiosa, la duda, una institución religiosa o una conversión son centrales.',
          de: 'Zutreffend, wenn religiöser Glaube, Zweifel, eine religiöse Institution oder eine Bekehrung im Mittelpunkt stehen.',
          it: "Da usare quando la fede religiosa, il dubbio, un'istituzione religiosa o una conversione sono centrali.",
        },
      },
      {
        id: 45,
        names: { en: 'Cults', fr: 'Sectes', es: 'Sectas', de: 'Sekten', it: 'Sette' },
        aiDescriptions: {
          en: 'Use when a cult, its guru, recruitment into it or escape from it is a major subject.',
          fr: "À retenir lorsqu'une secte, son gourou, l'embrigadement ou la sortie de la secte sont un sujet majeur.",
          es: 'Aplicar cuando una secta, su gurú, la captación o la salida de la secta son un tema importante.',
          de: 'Zutreffend, wenn eine Sekte, ihr Guru, die Anwerbung oder der Ausstieg ein wichtiges Thema sind.',
          it: "Da usare quando una setta, il suo guru, il reclutamento o l'uscita dalla setta sono un tema importante.",
        },
      },
      {
        id: 46,
        names: { en: 'Ghosts and hauntings', fr: 'Fantômes et hantises', es: 'Fantasmas y apariciones', de: 'Geister und Spuk', it: 'Fantasmi e infestazioni' },
        aiDescriptions: {
          en: 'Use when ghosts, haunted places, possession or communication with the dead occur in the story.',
          fr: 'À retenir lorsque des fantômes, des lieux hantés, une possession ou la communication avec les morts interviennent dans le récit.',
          es: 'Aplicar cuando aparecen fantasmas, lugares encantados, posesiones o la comunicación con los muertos.',
          de: 'Zutreffend, wenn Geister, Spukorte, Besessenheit oder die Verbindung mit Toten in der Geschichte vorkommen.',
          it: 'Da usare quando nella storia compaiono fantasmi, luoghi infestati, possessioni o la comunicazione con i morti.',
        },
      },
    ],
  },
  {
    id: 10,
    names: { en: 'Work and ambition', fr: 'Travail et ambition', es: 'Trabajo y ambición', de: 'Arbeit und Ehrgeiz', it: 'Lavoro e ambizione' },
    aiDescriptions: {
      en: 'Use when professional life, ambition, success or failure is a main driver of the story.',
      fr: "À retenir lorsque la vie professionnelle, l'ambition, la réussite ou l'échec sont un moteur principal du récit.",
      es: 'Aplicar cuando la vida profesional, la ambición, el éxito o el fracaso son un motor principal de la historia.',
      de: 'Zutreffend, wenn Berufsleben, Ehrgeiz, Erfolg oder Scheitern die Handlung maßgeblich antreiben.',
      it: "Da usare quando la vita professionale, l'ambizione, il successo o il fallimento sono un motore principale della storia.",
    },
    children: [
      {
        id: 47,
        names: { en: 'Business and finance', fr: 'Entreprise et finance', es: 'Empresa y finanzas', de: 'Wirtschaft und Finanzen', it: 'Impresa e finanza' },
        aiDescriptions: {
          en: 'Use when companies, finance, money or economic power struggles drive the plot.',
          fr: "À retenir lorsque des entreprises, la finance, l'argent ou des luttes de pouvoir économiques font avancer l'intrigue.",
          es: 'Aplicar cuando las empresas, las finanzas, el dinero o las luchas de poder económico impulsan la trama.',
          de: 'Zutreffend, wenn Unternehmen, Finanzwelt, Geld oder wirtschaftliche Machtkämpfe die Handlung vorantreiben.',
          it: 'Da usare quando aziende, finanza, denaro o lotte di potere economico muovono la trama.',
        },
      },
      {
        id: 48,
        names: { en: 'Workplace', fr: 'Monde du travail', es: 'Mundo laboral', de: 'Arbeitswelt', it: 'Mondo del lavoro' },
        aiDescriptions: {
          en: 'Use when a profession or a workplace (hospital, school, newsroom, factory, office) is the main setting or subject.',
          fr: "À retenir lorsqu'un métier ou un lieu de travail (hôpital, école, rédaction, usine, bureau) est le cadre ou le sujet principal.",
          es: 'Aplicar cuando una profesión o un lugar de trabajo (hospital, escuela, redacción, fábrica, oficina) es el escenario o el tema principal.',
          de: 'Zutreffend, wenn ein Beruf oder ein Arbeitsplatz (Krankenhaus, Schule, Redaktion, Fabrik, Büro) Hauptschauplatz oder Hauptthema ist.',
          it: "Da usare quando una professione o un luogo di lavoro (ospedale, scuola, redazione, fabbrica, ufficio) è l'ambientazione o il tema principale.",
        },
      },
      {
        id: 49,
        names: { en: 'Sport and competition', fr: 'Sport et compétition', es: 'Deporte y competición', de: 'Sport und Wettkampf', it: 'Sport e competizione' },
        aiDescriptions: {
          en: 'Use when a sport, a competition or the pursuit of performance is central.',
          fr: "À retenir lorsqu'un sport, une compétition ou la recherche de la performance est au centre du récit.",
          es: 'Aplicar cuando un deporte, una competición o la búsqueda del rendimiento es central.',
          de: 'Zutreffend, wenn ein Sport, ein Wettkampf oder das Streben nach Höchstleistung im Mittelpunkt steht.',
          it: 'Da usare quando uno sport, una competizione o la ricerca della prestazione sono centrali.',
        },
      },
      {
        id: 50,
        names: { en: 'Art and creation', fr: 'Art et création', es: 'Arte y creación', de: 'Kunst und künstlerisches Schaffen', it: 'Arte e creazione' },
        aiDescriptions: {
          en: 'Use when an artist, a creative process or the world of art, music, film or literature is central.',
          fr: "À retenir lorsqu'un artiste, un processus de création ou le monde de l'art, de la musique, du cinéma ou de la littérature est central.",
          es: 'Aplicar cuando un artista, un proceso creativo o el mundo del arte, la música, el cine o la literatura es central.',
          de: 'Zutreffend, wenn ein Künstler, ein Schaffensprozess oder die Welt der Kunst, der Musik, des Films oder der Literatur im Mittelpunkt steht.',
          it: "Da usare quando un artista, un processo creativo o il mondo dell'arte, della musica, del cinema o della letteratura è centrale.",
        },
      },
    ],
  },
];

/** The thematic rows, parents before children, with `search_text` built from the names only. */
export function thematicRows() {
  return THEMATICS.flatMap((thematic) => [
    { id: thematic.id, parentId: null, names: thematic.names, aiDescriptions: thematic.aiDescriptions, searchText: searchTextOf(thematic.names) },
    ...thematic.children.map((child) => ({
      id: child.id,
      parentId: thematic.id,
      names: child.names,
      aiDescriptions: child.aiDescriptions,
      searchText: searchTextOf(child.names),
    })),
  ]);
}

/** Upserts the thematic tree by id in one statement, then syncs the id sequence. */
export async function seedThematics(db: Db): Promise<void> {
  await upsertRows(db, thematics, thematics.id, thematicRows());
  await syncIdSequence(db, thematics);
}
