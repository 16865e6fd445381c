/**
 * The one source of the German and English sentences of every engine issue code (ENGINE_ISSUE_CODES):
 * the web builds its `workspace.issue.<CODE>` texts from this table and the PDF report prints the same
 * sentences. `{{param}}` placeholders name the issue's `params` (i18next syntax); German and English use
 * the same placeholders (engine-issue-texts.test.ts). Numbers are formatted by the caller in its
 * language (`fillIssueText`).
 */
import type { EngineIssueCode } from './engine-issue-codes';

/**
 * Parameters whose content the sentence already states in words: the engine keeps them (English, for the
 * trace and for machines), but a reader's text does not repeat them in brackets (the PDF's extra params),
 * so a German report carries no English rule prose.
 */
export const ISSUE_PARAMS_IN_WORDS: Readonly<Partial<Record<EngineIssueCode, readonly string[]>>> =
  {
    LAYER_QC_AND_CUK: ['rule'],
    CURVE_RULE_UNVERIFIED: ['rule'],
    BEARING_LAYER_THIN_BELOW_TOE: ['rule'],
    NEGATIVE_SKIN_FRICTION_UNVERIFIED: ['rule'],
    UPLIFT_CONE_NOT_COVERED: ['rule'],
    TOE_INFLUENCE_MODE_UNVERIFIED: ['rule'],
  };

/** Languages of the issue texts. */
export type IssueTextLang = 'de' | 'en';

export const ENGINE_ISSUE_TEXTS: {
  readonly [C in EngineIssueCode]: { readonly de: string; readonly en: string };
} = {
  // input normalisation (engine/src/issues/issue.ts)
  PROJECT_NOT_AN_OBJECT: {
    de: 'Die Datei ist kein Projekt (kein JSON-Objekt).',
    en: 'The file is not a project (not a JSON object).',
  },
  PROJECT_KEY_MISSING: {
    de: 'Im Projekt fehlt ein Abschnitt.',
    en: 'A section of the project is missing.',
  },
  REQUIRED: {
    de: 'Pflichtwert fehlt.',
    en: 'A required value is missing.',
  },
  INVALID_TYPE: {
    de: 'Ungültiger Typ.',
    en: 'Invalid type.',
  },
  INVALID_VALUE: {
    de: 'Ungültiger Wert.',
    en: 'Invalid value.',
  },
  TOO_SMALL: {
    de: 'Wert zu klein.',
    en: 'Value too small.',
  },
  TOO_BIG: {
    de: 'Wert zu groß.',
    en: 'Value too large.',
  },
  UNKNOWN_PILE_TYPE: {
    de: 'Unbekannter Pfahltyp „{{value}}“.',
    en: 'Unknown pile type "{{value}}".',
  },
  UNKNOWN_SOIL_PROFILE: {
    de: 'Das Bodenprofil „{{name}}“ existiert nicht.',
    en: 'Soil profile "{{name}}" does not exist.',
  },
  DUPLICATE_NAME: {
    de: 'Der Name ist doppelt vergeben.',
    en: 'The name is used twice.',
  },
  LAYERS_OUT_OF_ORDER: {
    de: 'Die Schichtunterkante liegt über der Unterkante der Schicht darüber.',
    en: 'The layer bottom lies above the bottom of the layer above.',
  },
  LAYER_ZERO_THICKNESS: {
    de: 'Schicht ohne Dicke (Unterkante gleich der Schicht darüber): sie wird nicht angesetzt.',
    en: 'Layer without thickness (bottom equal to the layer above): it is not used.',
  },
  LAYER_ABOVE_PROFILE_TOP: {
    de: 'Die Schichtunterkante liegt über der Profiloberkante.',
    en: 'The layer bottom lies above the top of the profile.',
  },
  PROFILE_WITHOUT_LAYERS: {
    de: 'Das Bodenprofil „{{name}}“ hat keine Schicht mit Dicke.',
    en: 'Soil profile "{{name}}" has no layer with a thickness.',
  },
  PROFILE_INVALID: {
    de: 'Das Bodenprofil „{{name}}“ ist fehlerhaft; der Pfahl wird nicht berechnet.',
    en: 'Soil profile "{{name}}" is invalid; the pile is not calculated.',
  },
  LAYER_QC_AND_CUK: {
    de: 'qc und cu,k angegeben: cu,k (bindiger Boden) wird verwendet.',
    en: 'qc and cu,k given: cu,k (cohesive soil) is used.',
  },
  LEGACY_UNIT_SUSPECTED: {
    de: 'Der Wert sieht nach einer alten Einheit aus; bitte prüfen.',
    en: 'The value looks like an old unit; please check.',
  },
  UNIT_ASSUMED: {
    de: 'Einheit angenommen: {{unit}}.',
    en: 'Unit assumed: {{unit}}.',
  },
  // axial: tables, pile types and rules
  TABLE_VALUE_UNVERIFIED: {
    de: 'Tabellenwert nicht verifiziert ({{table}}, Schichten {{layers}}): vor der Freigabe mit EA-Pfähle prüfen.',
    en: 'Table value not verified ({{table}}, layers {{layers}}): check against EA-Pfähle before release.',
  },
  TABLE_ABOVE_RANGE_CLAMPED: {
    de: 'Über der letzten Tabellenspalte wurde der letzte Wert verwendet ({{table}}, Schichten {{layers}}).',
    en: 'Above the last table column the last value was used ({{table}}, layers {{layers}}).',
  },
  PILE_TYPE_TABLES_UNVERIFIED: {
    de: 'Pfahltyp {{PfahlTyp}}: keine verifizierten EA-Tabellen; verwendet: {{mapping}}.',
    en: 'Pile type {{PfahlTyp}}: no verified EA tables; used: {{mapping}}.',
  },
  PILE_TYPE_REQUIRES_LAYER_VALUES: {
    de: 'Pfahltyp {{PfahlTyp}}: keine öffentlichen EA-Tabellen – qs,k und qb,k je Schicht eingeben.',
    en: 'Pile type {{PfahlTyp}}: no public EA tables – enter qs,k and qb,k for each layer.',
  },
  LAYER_VALUES_MISSING: {
    de: 'Pfahltyp {{PfahlTyp}}: Schichten {{layers}} ohne eingegebene qs,k/qb,k werden mit 0 angesetzt – Werte eingeben.',
    en: 'Pile type {{PfahlTyp}}: layers {{layers}} without entered qs,k/qb,k count as 0 – enter the values.',
  },
  ETA_OUT_OF_VALIDITY: {
    de: 'Die Anpassungsfaktoren η gelten nur bis D = {{max}} m.',
    en: 'The adjustment factors η apply only up to D = {{max}} m.',
  },
  EQUIVALENT_DIAMETER_ASSUMED: {
    de: 'Ergebnis einer früheren Engine-Version: quadratischer Pfahl als Kreis mit D = Kantenlänge gerechnet – bitte neu berechnen.',
    en: 'Result of an earlier engine version: square pile calculated as a circle with D = side length – please calculate again.',
  },
  CURVE_RULE_UNVERIFIED: {
    de: 'Regel der Widerstands-Setzungs-Linie nicht verifiziert: {{symbol}} = 0,5·R_s [MN] + 0,5 ≤ {{limit}} cm.',
    en: 'Rule of the resistance–settlement curve not verified: {{symbol}} = 0.5·R_s [MN] + 0.5 ≤ {{limit}} cm.',
  },
  SSG_EXCEEDS_SG: {
    de: 'Die Grenzsetzung der Mantelreibung ist größer als die des Spitzendrucks.',
    en: 'The limit settlement of the skin friction exceeds that of the base.',
  },
  BASE_AVERAGING_ZONE_UNVERIFIED: {
    de: 'Mittelungsbereich des Spitzendrucks nicht verifiziert ({{above}} m über, {{below}} m unter dem Fuß).',
    en: 'Averaging zone of the base pressure not verified ({{above}} m above, {{below}} m below the toe).',
  },
  BASE_AVERAGING_ZONE_TRUNCATED: {
    de: 'Der Mittelungsbereich reicht unter das Profilende.',
    en: 'The averaging zone reaches below the end of the profile.',
  },
  BEARING_LAYER_THIN_BELOW_TOE: {
    de: 'Tragfähige Schicht unter dem Fuß nur {{thickness}} m dick (Regel 3·D = {{required}} m, nicht verifiziert).',
    en: 'Bearing layer below the toe only {{thickness}} m thick (rule 3·D = {{required}} m, not verified).',
  },
  NEGATIVE_SKIN_FRICTION_UNVERIFIED: {
    de: 'Negative Mantelreibung als ständige Last angesetzt (F_n = π·D·Σ τ_n,k·t oberhalb des Fußes = {{Fn}} kN, mit γ_G auf E_d; keine positive Mantelreibung in den Schichten {{layers}}); Verfahren nicht verifiziert.',
    en: 'Negative skin friction applied as a permanent load (F_n = π·D·Σ τ_n,k·t above the toe = {{Fn}} kN, with γ_G on E_d; no positive skin friction in layers {{layers}}); method not verified.',
  },
  UPLIFT_CONE_NOT_COVERED: {
    de: 'Zugpfahl: Der Nachweis gegen Herausziehen des angehängten Bodenkörpers (Einzelpfahl bzw. Pfahlgruppe, EN 1997-1 7.6.3.1 / DIN 1054 A 7.6.3, Grenzzustand UPL) wird nicht geführt – keine gesicherte Geometrie des Bodenkörpers und keine DIN-1054-Teilsicherheitsbeiwerte verfügbar; gesondert nachweisen (Pfahlanzahl {{PfahlAnzahl}}).',
    en: 'Tension pile: the uplift check of the attached soil body (single pile or pile group, EN 1997-1 7.6.3.1 / DIN 1054 A 7.6.3, limit state UPL) is not performed – no verified soil-body geometry and no DIN 1054 partial factors available; verify it separately (number of piles {{PfahlAnzahl}}).',
  },
  // axial: loads and checks
  LOAD_MISSING: {
    de: 'Die Last fehlt.',
    en: 'The load is missing.',
  },
  LOAD_FROM_LOADCASE: {
    de: 'Lasten aus Lastfall {{loadcase}} übernommen.',
    en: 'Loads taken from load case {{loadcase}}.',
  },
  LOAD_TENSION_FROM_LOADCASE: {
    de: 'Zuglast aus Lastfall {{loadcase}}: E_d,min = {{Ed}} kN (G = {{G}} kN, Q = {{Q}} kN, ungünstig/günstig beiwertet), gegen R_t,d nachgewiesen.',
    en: 'Tension load from load case {{loadcase}}: E_d,min = {{Ed}} kN (G = {{G}} kN, Q = {{Q}} kN, factored as unfavourable/favourable), verified against R_t,d.',
  },
  LOAD_MAIN_TENSION: {
    de: 'Die Hauptlast ist Zug (E_d = {{Ed}} kN, E_k = {{Ek}} kN): als Zugpfahl gegen R_t,d nachgewiesen, kein Drucknachweis, keine Hebung berechnet.',
    en: 'The main load is tension (E_d = {{Ed}} kN, E_k = {{Ek}} kN): verified as a tension pile against R_t,d, no compression check, no uplift displacement computed.',
  },
  LOAD_SIGN_MISMATCH: {
    de: 'E_k = {{Ek}} kN und E_d = {{Ed}} kN haben verschiedene Vorzeichen (Druck positiv, Zug negativ) – Last korrigieren; Zeile nicht berechnet.',
    en: 'E_k = {{Ek}} kN and E_d = {{Ed}} kN have different signs (compression positive, tension negative) – correct the load; row not calculated.',
  },
  LOAD_EXCEEDS_RESISTANCE: {
    de: 'Die charakteristische Last übersteigt den Pfahlwiderstand; keine Setzung.',
    en: 'The characteristic load exceeds the pile resistance; no settlement.',
  },
  TENSION_NO_RESISTANCE: {
    de: 'Zuglast ohne Mantelwiderstand.',
    en: 'Tension load without skin resistance.',
  },
  PILE_TOP_BELOW_PROFILE: {
    de: 'Der Pfahlkopf liegt unter dem Profilende.',
    en: 'The pile top lies below the end of the profile.',
  },
  REQUIRED_LENGTH_NOT_FOUND: {
    de: 'Keine Pfahllänge bis zur {{limit}} erfüllt alle Nachweise; zuletzt nicht erfüllt: {{failedCheck}}.',
    en: 'No pile length down to the {{limit}} satisfies all checks; last failed: {{failedCheck}}.',
  },
  MIN_LENGTH_BELOW_PROFILE: {
    de: 'Die Mindestpfahllänge ist größer als die zulässige Länge.',
    en: 'The minimum pile length exceeds the admissible length.',
  },
  // axial: groups and toe coordination
  GROUP_RULE_PRODUCT: {
    de: 'Gruppenabminderung nach Produktregel (Converse–Labarre, Faktor {{factor}}), nicht nach EA-Pfähle.',
    en: 'Group reduction by product rule (Converse–Labarre, factor {{factor}}), not by EA-Pfähle.',
  },
  GROUP_ANALYSIS_REQUIRED: {
    de: 'Gruppe mit {{PfahlAnzahl}} Pfählen: Gruppenberechnung erforderlich; keine Abminderung angesetzt.',
    en: 'Group of {{PfahlAnzahl}} piles: group analysis required; no reduction applied.',
  },
  GROUP_LOAD_SHARED: {
    de: 'Die Last der Zeile wird auf {{PfahlAnzahl}} Pfähle gleichmäßig verteilt.',
    en: 'The load of the row is shared equally by {{PfahlAnzahl}} piles.',
  },
  TOE_COORDINATION_SKIPPED: {
    de: 'Fußabstimmung übersprungen: Koordinaten fehlen.',
    en: 'Toe coordination skipped: coordinates missing.',
  },
  TOE_COORDINATION_CLAMPED: {
    de: 'Abgestimmte Fußtiefe auf die größte zulässige Tiefe begrenzt.',
    en: 'Coordinated toe level limited to the deepest admissible level.',
  },
  TOE_COORDINATION_CHECK_FAILED: {
    de: 'Bei der abgestimmten Länge ist ein Nachweis nicht erfüllt ({{failedCheck}}).',
    en: 'A check fails at the coordinated length ({{failedCheck}}).',
  },
  TOE_INFLUENCE_MODE_UNVERIFIED: {
    de: 'Fußbeeinflussung (Abtreppung) als Produktregel angesetzt; AA und RR werden gleich behandelt; Normgrundlage nicht verifiziert.',
    en: 'Toe influence (stepping) applied as a product rule; AA and RR are treated alike; normative basis not verified.',
  },
  // lateral analysis (engine/src/lateral/issue.ts)
  LATERAL_SUBGRADE_RULE_UNVERIFIED: {
    de: 'Regel des Bettungsmoduls nicht verifiziert: {{rule}}.',
    en: 'Rule of the subgrade modulus not verified: {{rule}}.',
  },
  LATERAL_KS_REDUCED_FOR_DIAMETER: {
    de: 'Bettungsmodul bei D > 1 m mit D = 1 m gebildet.',
    en: 'Subgrade modulus for D > 1 m formed with D = 1 m.',
  },
  LATERAL_ELEMENT_LENGTH_RAISED: {
    de: 'Elementlänge vergrößert.',
    en: 'Element length increased.',
  },
  LATERAL_NO_SOIL_SUPPORT: {
    de: 'Keine seitliche Bettung am Pfahl: im Bodenprofil E_s oben/unten der Schichten eingeben (MN/m²) und in dieser Zeile „OK Boden Biegung“ und Grundwasserstand in m NHN (über dem Pfahlfuß, meist die Geländehöhe am Pfahl).',
    en: 'No lateral soil support along the pile: enter E_s top/bottom of the layers in the soil profile (MN/m²) and, in this row, the ground level for bending and the groundwater level in m NHN (above the pile toe, usually the ground level at the pile).',
  },
  LATERAL_PASSIVE_PRESSURE_INTERIM: {
    de: 'Erdwiderstand vorläufig eben (2D) × Pfahlbreite angesetzt (konservativ).',
    en: 'Passive pressure taken provisionally as plane (2D) × pile width (conservative).',
  },
  LATERAL_PASSIVE_ITERATION_NOT_CONVERGED: {
    de: 'Die Iteration der Erdwiderstandsbegrenzung ist nicht konvergiert.',
    en: 'The passive-pressure limit iteration did not converge.',
  },
  LATERAL_PASSIVE_RESISTANCE_EXCEEDED: {
    de: 'Die Bettungsspannung überschreitet den Erdwiderstand; Bettung begrenzt.',
    en: 'The soil reaction exceeds the passive pressure; reaction limited.',
  },
  LATERAL_PASSIVE_RESULTANT_EXCEEDED: {
    de: 'Die resultierende Bettungskraft überschreitet den Erdwiderstand.',
    en: 'The resultant soil reaction exceeds the passive resistance.',
  },
  LATERAL_DEFLECTION_LARGE: {
    de: 'Große Kopfverschiebung: lineares Bettungsmodell außerhalb des üblichen Bereichs.',
    en: 'Large head deflection: linear subgrade model outside its usual range.',
  },
  LATERAL_GROSS_STIFFNESS_USED: {
    de: 'Biegesteifigkeit des ungerissenen Querschnitts verwendet.',
    en: 'Bending stiffness of the uncracked section used.',
  },
  LATERAL_SHORT_PILE: {
    de: 'Kurzer (starrer) Pfahl.',
    en: 'Short (rigid) pile.',
  },
  // section design
  CONCRETE_CLASS_MAPPED: {
    de: 'Betonklasse zugeordnet.',
    en: 'Concrete class mapped.',
  },
  CONCRETE_CLASS_UNKNOWN: {
    de: 'Unbekannte Betonklasse.',
    en: 'Unknown concrete class.',
  },
  STEEL_GRADE_ASSUMED: {
    de: 'Stahlsorte B500B angenommen.',
    en: 'Steel grade B500B assumed.',
  },
  SECTION_CAPACITY_EXCEEDED: {
    de: 'Die Querschnittstragfähigkeit ist überschritten.',
    en: 'The section capacity is exceeded.',
  },
  SECTION_DIAMETER_REDUCED: {
    de: 'Bemessungsdurchmesser nach EC2 2.3.4.2 abgemindert.',
    en: 'Design diameter reduced per EC2 2.3.4.2.',
  },
  SECTION_KF_APPLIED: {
    de: 'Beiwert kf nach EC2 2.4.2.5 angesetzt.',
    en: 'Factor kf per EC2 2.4.2.5 applied.',
  },
  SECTION_BAR_LAYOUT_NOT_FOUND: {
    de: 'Keine passende Bewehrungsanordnung gefunden.',
    en: 'No suitable bar layout found.',
  },
  SECTION_MIN_REINFORCEMENT_GOVERNS: {
    de: 'Mindestbewehrung ist maßgebend ({{rule}}: A_s,min = {{AsMin}} cm²).',
    en: 'Minimum reinforcement governs ({{rule}}: A_s,min = {{AsMin}} cm²).',
  },
  SECTION_SHEAR_CAPACITY_EXCEEDED: {
    de: 'Die Querkrafttragfähigkeit ist überschritten.',
    en: 'The shear capacity is exceeded.',
  },
  SECTION_SLENDER_SECOND_ORDER: {
    de: 'Schlanker Pfahl: Theorie II. Ordnung berücksichtigt.',
    en: 'Slender pile: second-order effects included.',
  },
  SECTION_SQUARE_BIAXIAL_LOAD_CONTOUR: {
    de: 'Quadratischer Querschnitt: zweiachsige Biegung nach EC2 5.8.9(4) (Lastkontur) nachgewiesen.',
    en: 'Square section: biaxial bending checked with the EC2 5.8.9(4) load contour.',
  },
  SECTION_PILE_TYPE_ASSUMED_CAST_IN_PLACE: {
    de: 'Pfahltyp als Ortbetonpfahl ohne Verrohrung angenommen.',
    en: 'Pile type assumed cast in place without casing.',
  },
  SECTION_STEEL_PIPE_INTERPRETATION: {
    de: 'Stahlrohr: Nachweis des unverfüllten Stahlrohrs nach EN 1993-1-1 in eigener Auslegung (nicht gegen eine Referenzrechnung geprüft); eine Betonfüllung (Verbundquerschnitt nach EN 1994-1-1) wird nicht angesetzt.',
    en: 'Steel pipe: the unfilled steel tube is checked to EN 1993-1-1 as interpreted by us (not verified against a reference calculation); a concrete filling (composite section to EN 1994-1-1) is not taken into account.',
  },
  SECTION_STEEL_WALL_THICKNESS_MISSING: {
    de: 'Stahlrohr: Wanddicke fehlt – kein Querschnittsnachweis.',
    en: 'Steel pipe: wall thickness missing – no section check.',
  },
  SECTION_STEEL_WALL_THICKNESS_INVALID: {
    de: 'Stahlrohr: Wanddicke ungültig (muss größer 0 und kleiner als der halbe Durchmesser sein).',
    en: 'Steel pipe: invalid wall thickness (must be above 0 and below half the diameter).',
  },
  SECTION_STEEL_PIPE_CLASS4: {
    de: 'Stahlrohr: Querschnittsklasse 4 (d/t = {{Dt}} > 90·ε²) – Schalenbeulen nach EN 1993-1-6 nicht abgedeckt, keine Tragfähigkeit ausgewiesen.',
    en: 'Steel pipe: cross-section class 4 (d/t = {{Dt}} > 90·ε²) – shell buckling to EN 1993-1-6 not covered, no resistance given.',
  },
  SECTION_STEEL_BUCKLING_NOT_CHECKED: {
    de: 'Stahlrohr: Knicken (EN 1993-1-1 6.3) nicht nachgewiesen (Ergebnis einer älteren Rechenkern-Version).',
    en: 'Steel pipe: buckling (EN 1993-1-1 6.3) not checked (result of an earlier engine version).',
  },
  SECTION_STEEL_BUCKLING_CURVE_ASSUMED: {
    de: 'Stahlrohr: Biegeknicken nach EN 1993-1-1 6.3 nachgewiesen mit Knicklinie {{curve}} (α = {{alpha}}; Tabelle 6.2: a = warmgefertigt, c = kaltgefertigt, nach der Einstellung „Herstellung Stahlrohr“, Standard kaltgefertigt), λ̄ = {{lambdaBar}}, χ = {{chi}}, C_my = {{Cmy}}.',
    en: 'Steel pipe: flexural buckling checked to EN 1993-1-1 6.3 with buckling curve {{curve}} (α = {{alpha}}; Table 6.2: a = hot finished, c = cold formed, from the setting “Steel pipe manufacture”, default cold formed), λ̄ = {{lambdaBar}}, χ = {{chi}}, C_my = {{Cmy}}.',
  },
  SECTION_STEEL_BUCKLING_RESISTANCE_EXCEEDED: {
    de: 'Stahlrohr: Biegeknicknachweis nicht erfüllt (Ausnutzung {{utilisation}}, N_b,Rd = {{NbRd}} kN, Knicklänge {{l0}} m).',
    en: 'Steel pipe: flexural buckling check not met (utilisation {{utilisation}}, N_b,Rd = {{NbRd}} kN, buckling length {{l0}} m).',
  },
  SECTION_STEEL_SHEAR_INTERACTION: {
    de: 'Stahlrohr: Querkraft über 0,5·V_pl,Rd – Momentenabminderung nicht abgedeckt (Ergebnis einer älteren Rechenkern-Version).',
    en: 'Steel pipe: shear above 0.5·V_pl,Rd – moment reduction not covered (result of an earlier engine version).',
  },
  SECTION_STEEL_SHEAR_YIELD_REDUCED: {
    de: 'Stahlrohr: Querkraft V_Ed = {{VEd}} kN über 0,5·V_pl,Rd = 0,5·{{VplRd}} kN – N-M-Nachweis mit abgeminderter Streckgrenze (1 − ρ)·f_y, ρ = {{rho}}, am ganzen Querschnitt (EN 1993-1-1 6.2.8, 6.2.10).',
    en: 'Steel pipe: shear V_Ed = {{VEd}} kN above 0.5·V_pl,Rd = 0.5·{{VplRd}} kN – N–M check with the reduced yield strength (1 − ρ)·f_y, ρ = {{rho}}, on the whole section (EN 1993-1-1 6.2.8, 6.2.10).',
  },
  SECTION_STEEL_SHEAR_RESISTANCE_EXCEEDED: {
    de: 'Stahlrohr: Querkraft V_Ed = {{VEd}} kN erreicht oder überschreitet V_pl,Rd = {{VplRd}} kN (Ausnutzung {{utilisation}}, EN 1993-1-1 6.2.6) – keine Tragfähigkeit für N und M verbleibt, Querschnitt nicht nachweisbar.',
    en: 'Steel pipe: shear V_Ed = {{VEd}} kN reaches or exceeds V_pl,Rd = {{VplRd}} kN (utilisation {{utilisation}}, EN 1993-1-1 6.2.6) – no resistance to N and M is left, the section cannot be verified.',
  },
  SECTION_STEEL_CORROSION_EXCEEDS_WALL: {
    de: 'Stahlrohr: Korrosionsabtrag {{corrosion}} mm nicht kleiner als die Wanddicke {{t}} mm – kein Querschnittsnachweis.',
    en: 'Steel pipe: corrosion loss {{corrosion}} mm not below the wall thickness {{t}} mm – no section check.',
  },
  LOADCASE_ROW_INPUT_INVALID: {
    de: 'Lastfallzeile mit ungültiger Eingabe – nicht berechnet.',
    en: 'Load-case row with invalid input – not calculated.',
  },
  SECTION_INTERPRETATION_UNVERIFIED: {
    de: 'Auslegung einer Einstellung nicht verifiziert.',
    en: 'Interpretation of a setting not verified.',
  },
  // horizontal load cases
  LOADCASE_PILE_NOT_FOUND: {
    de: 'Lastfallzeile: Pfahl „{{Pname}}“ nicht gefunden.',
    en: 'Load-case row: pile "{{Pname}}" not found.',
  },
  LOADCASE_PILE_INPUT_MISSING: {
    de: 'Lastfallzeile: Eingaben des Pfahls „{{Pname}}“ unvollständig.',
    en: 'Load-case row: input of pile "{{Pname}}" incomplete.',
  },
  LOADCASE_AXIAL_RESULT_MISSING: {
    de: 'Lastfallzeile: keine axiale Pfahllänge für „{{Pname}}“.',
    en: 'Load-case row: no axial pile length for "{{Pname}}".',
  },
  LOADCASE_AXIAL_LOAD_MISSING: {
    de: 'Lastfallzeile: Normalkraft fehlt.',
    en: 'Load-case row: axial force missing.',
  },
  LOADCASE_OPPOSITE_SIGN_ACTIONS: {
    de: 'Horizontalkraft oder Moment aus G und Q mit entgegengesetztem Vorzeichen: beide ungünstig überlagert (γ_G·G + γ_Q·Q); die Kombination mit günstigem Anteil (1,0·G bzw. Q = 0) gesondert prüfen.',
    en: 'Horizontal force or moment from G and Q with opposite signs: both superposed as unfavourable (γ_G·G + γ_Q·Q); check the combination with the favourable part (1.0·G or Q = 0) separately.',
  },
  LOADCASE_INCLINED_PILE_RESOLVED: {
    de: 'Schrägpfahl: Lasten in Pfahlrichtung zerlegt.',
    en: 'Raked pile: loads resolved along the pile axis.',
  },
  LOADCASE_HORIZONTAL_DESIGN_OFF: {
    de: 'Nicht berechnet: „Lastkombinationen horizontal berechnen“ ist in den Berechnungseinstellungen ausgeschaltet.',
    en: 'Not calculated: “Calculate load cases horizontally” is switched off in the calculation settings.',
  },
  LOADCASE_GROUND_LEVEL_ASSUMED: {
    de: '„OK Boden Biegung“ nicht eingegeben: {{level}} m NHN angesetzt, die {{from}} von Bodenprofil „{{profile}}“. Einen anderen Wert in dieser Zeile eintragen.',
    en: '“Ground level for bending” not entered: {{level}} m NHN used, the {{from}} of soil profile "{{profile}}". Enter another value in this row.',
  },
  LOADCASE_GROUNDWATER_ASSUMED: {
    de: '„Grundwasserstand“ nicht eingegeben: {{level}} m NHN angesetzt, aus {{from}} („{{profile}}“). Einen anderen Wert in dieser Zeile eintragen.',
    en: '“Groundwater level” not entered: {{level}} m NHN used, from the {{from}} ("{{profile}}"). Enter another value in this row.',
  },
  LOADCASE_SOIL_STIFFNESS_MISSING: {
    de: 'Nicht berechnet: Steifemodul fehlt. Im Bodenprofil „{{profile}}“ hat keine Schicht am Pfahl ein E_s (Schicht {{layers}}). Im Reiter „Bodenprofil“ die Spalten „E_s oben“ und „E_s unten“ (MN/m²) ausfüllen.',
    en: 'Not calculated: stiffness modulus missing. In soil profile "{{profile}}" no layer along the pile has an E_s (layer {{layers}}). Fill in the columns “E_s top” and “E_s bottom” (MN/m²) on the “Soil profile” tab.',
  },
  LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING: {
    de: 'Ohne seitliche Bettung gerechnet in Schicht {{layers}} von Bodenprofil „{{profile}}“ (E_s = 0). Trägt der Boden dort, im Reiter „Bodenprofil“ „E_s oben“ und „E_s unten“ (MN/m²) ausfüllen.',
    en: 'Calculated without lateral bedding in layer {{layers}} of soil profile "{{profile}}" (E_s = 0). If the soil there bears, fill in “E_s top” and “E_s bottom” (MN/m²) on the “Soil profile” tab.',
  },
};

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The parameter names a text refers to (`{{name}}`), in order of first use, without repeats. */
export const issueTextPlaceholders = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!)),
];

/** Parameter values of an issue (the engine's IssueParams). */
export type IssueTextParams = Readonly<
  Record<string, string | number | boolean | null | undefined>
>;

/**
 * A text with its placeholders replaced by the formatted params. A placeholder without a value stays
 * visible as `{{name}}` instead of vanishing.
 * @param format turns one value into text (numbers in the reader's language); default String(value)
 * @returns the text and the parameter names it used (callers may print the others separately)
 */
export const fillIssueText = (
  text: string,
  params: IssueTextParams,
  format: (value: string | number | boolean, key: string) => string = (value) => String(value),
): { text: string; used: string[] } => {
  const used: string[] = [];
  const filled = text.replace(PLACEHOLDER, (whole, key: string) => {
    const value = params[key];
    if (value === null || value === undefined) return whole;
    if (!used.includes(key)) used.push(key);
    return format(value, key);
  });
  return { text: filled, used };
};

/** The sentence of an engine issue code in a language, or null for a code that is not an engine code. */
export const engineIssueText = (code: string, lang: IssueTextLang): string | null =>
  Object.hasOwn(ENGINE_ISSUE_TEXTS, code)
    ? ENGINE_ISSUE_TEXTS[code as EngineIssueCode][lang]
    : null;
