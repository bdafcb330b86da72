// Translated word banks for the demo catalog: every entry is [en, ar, fr, de, es, ro].
// Titles are composed from these phrases; descriptions from the sentence templates in build-catalog.mjs.

export const LANGS = ['en', 'ar', 'fr', 'de', 'es', 'ro'];

export const TRACKS = [
  ['Midnight Drive', 'قيادة منتصف الليل', 'Conduite de minuit', 'Mitternachtsfahrt', 'Conducción de medianoche', 'Drum la miezul nopții'],
  ['Neon Rain', 'مطر النيون', 'Pluie de néon', 'Neonregen', 'Lluvia de neón', 'Ploaie de neon'],
  ['Golden Hour', 'الساعة الذهبية', "L'heure dorée", 'Goldene Stunde', 'La hora dorada', 'Ora de aur'],
  ['Silver Coast', 'الساحل الفضي', "Côte d'argent", 'Silberküste', 'Costa de plata', 'Coasta de argint'],
  ['Paper Planes', 'طائرات ورقية', 'Avions en papier', 'Papierflieger', 'Aviones de papel', 'Avioane de hârtie'],
  ['Falling Stars', 'نجوم ساقطة', 'Étoiles filantes', 'Sternschnuppen', 'Estrellas fugaces', 'Stele căzătoare'],
  ['City Lights', 'أضواء المدينة', 'Lumières de la ville', 'Lichter der Stadt', 'Luces de la ciudad', 'Luminile orașului'],
  ['Ocean Heart', 'قلب المحيط', "Cœur d'océan", 'Herz des Ozeans', 'Corazón del océano', 'Inima oceanului'],
  ['Slow Motion', 'حركة بطيئة', 'Au ralenti', 'Zeitlupe', 'Cámara lenta', 'Cu încetinitorul'],
  ['Desert Wind', 'رياح الصحراء', 'Vent du désert', 'Wüstenwind', 'Viento del desierto', 'Vântul deșertului'],
  ['Summer Rain', 'مطر الصيف', "Pluie d'été", 'Sommerregen', 'Lluvia de verano', 'Ploaie de vară'],
  ['Blue Horizon', 'الأفق الأزرق', 'Horizon bleu', 'Blauer Horizont', 'Horizonte azul', 'Orizont albastru'],
  ['Last Train Home', 'آخر قطار إلى البيت', 'Dernier train pour la maison', 'Letzter Zug nach Hause', 'Último tren a casa', 'Ultimul tren spre casă'],
  ['Electric Dreams', 'أحلام كهربائية', 'Rêves électriques', 'Elektrische Träume', 'Sueños eléctricos', 'Vise electrice'],
  ['Moonlight Dance', 'رقصة ضوء القمر', 'Danse au clair de lune', 'Mondscheintanz', 'Baile a la luz de la luna', 'Dans în lumina lunii'],
  ['Quiet Streets', 'شوارع هادئة', 'Rues tranquilles', 'Stille Straßen', 'Calles tranquilas', 'Străzi liniștite'],
  ['Morning Coffee', 'قهوة الصباح', 'Café du matin', 'Morgenkaffee', 'Café de la mañana', 'Cafeaua de dimineață'],
  ['Northern Lights', 'الشفق القطبي', 'Aurores boréales', 'Nordlichter', 'Auroras boreales', 'Aurora boreală'],
  ['Wild Horses', 'خيول برية', 'Chevaux sauvages', 'Wilde Pferde', 'Caballos salvajes', 'Cai sălbatici'],
  ['Open Road', 'الطريق المفتوح', 'La route ouverte', 'Offene Straße', 'Carretera abierta', 'Drumul deschis'],
  ['Crystal Sky', 'السماء البلورية', 'Ciel de cristal', 'Kristallhimmel', 'Cielo de cristal', 'Cer de cristal'],
  ['Secret Garden', 'الحديقة السرية', 'Le jardin secret', 'Der geheime Garten', 'El jardín secreto', 'Grădina secretă'],
  ['Burning Bridges', 'جسور تحترق', 'Ponts en feu', 'Brennende Brücken', 'Puentes en llamas', 'Poduri în flăcări'],
  ['Dancing Shadows', 'ظلال راقصة', 'Ombres dansantes', 'Tanzende Schatten', 'Sombras danzantes', 'Umbre dansatoare'],
  ['Velvet Night', 'ليلة مخملية', 'Nuit de velours', 'Samtnacht', 'Noche de terciopelo', 'Noapte de catifea'],
  ['First Light', 'الضوء الأول', 'Première lumière', 'Erstes Licht', 'Primera luz', 'Prima lumină'],
  ['Echoes', 'أصداء', 'Échos', 'Echos', 'Ecos', 'Ecouri'],
  ['Runaway', 'الهارب', 'Fugitif', 'Ausreißer', 'Fugitivo', 'Fugarul'],
  ['Heartbeat', 'نبضة قلب', 'Battement de cœur', 'Herzschlag', 'Latido', 'Bătaie de inimă'],
  ['Starlight', 'ضوء النجوم', 'Lumière des étoiles', 'Sternenlicht', 'Luz de las estrellas', 'Lumina stelelor'],
  ['Winter Sun', 'شمس الشتاء', "Soleil d'hiver", 'Wintersonne', 'Sol de invierno', 'Soare de iarnă'],
  ['Lost in Time', 'ضائع في الزمن', 'Perdu dans le temps', 'Verloren in der Zeit', 'Perdido en el tiempo', 'Pierdut în timp'],
  ['River Song', 'أغنية النهر', 'Chanson de la rivière', 'Lied des Flusses', 'Canción del río', 'Cântecul râului'],
  ['Rooftop Party', 'حفلة على السطح', 'Fête sur le toit', 'Dachparty', 'Fiesta en la azotea', 'Petrecere pe acoperiș'],
  ['Cold Fire', 'نار باردة', 'Feu froid', 'Kaltes Feuer', 'Fuego frío', 'Foc rece'],
  ['Sweet Escape', 'هروب جميل', 'Douce évasion', 'Süße Flucht', 'Dulce escape', 'Evadare dulce'],
  ['Hidden Path', 'الطريق الخفي', 'Le chemin caché', 'Der verborgene Pfad', 'El camino oculto', 'Cărarea ascunsă'],
  ['Night Market', 'سوق الليل', 'Marché de nuit', 'Nachtmarkt', 'Mercado nocturno', 'Piața de noapte'],
  ['Glass Towers', 'أبراج زجاجية', 'Tours de verre', 'Gläserne Türme', 'Torres de cristal', 'Turnuri de sticlă'],
  ['Long Way Down', 'طريق طويل للأسفل', 'Une longue descente', 'Ein langer Weg nach unten', 'Un largo camino abajo', 'Un drum lung în jos'],
];

export const TRACK_SUFFIXES = [
  ['', '', '', '', '', ''],
  [' (Remix)', ' (ريمكس)', ' (Remix)', ' (Remix)', ' (Remix)', ' (Remix)'],
  [' (Acoustic)', ' (نسخة أكوستيك)', ' (Acoustique)', ' (Akustik)', ' (Acústica)', ' (Acustic)'],
  [' (Live)', ' (مباشر)', ' (Live)', ' (Live)', ' (En vivo)', ' (Live)'],
  [' (Night Mix)', ' (مزيج ليلي)', ' (Mix de nuit)', ' (Nachtmix)', ' (Mezcla nocturna)', ' (Mix de noapte)'],
];

export const ALBUMS = [
  ['Parallel Worlds', 'عوالم متوازية', 'Mondes parallèles', 'Parallele Welten', 'Mundos paralelos', 'Lumi paralele'],
  ['Colors of Silence', 'ألوان الصمت', 'Couleurs du silence', 'Farben der Stille', 'Colores del silencio', 'Culorile tăcerii'],
  ['Night Shift', 'الوردية الليلية', 'Équipe de nuit', 'Nachtschicht', 'Turno de noche', 'Tura de noapte'],
  ['Tides', 'المد والجزر', 'Marées', 'Gezeiten', 'Mareas', 'Maree'],
  ['Concrete Jungle', 'غابة الإسمنت', 'Jungle de béton', 'Betondschungel', 'Jungla de cemento', 'Jungla de beton'],
  ['Letters Home', 'رسائل إلى الوطن', 'Lettres à la maison', 'Briefe nach Hause', 'Cartas a casa', 'Scrisori acasă'],
  ['Sunday Morning', 'صباح الأحد', 'Dimanche matin', 'Sonntagmorgen', 'Domingo por la mañana', 'Duminică dimineața'],
  ['High Altitude', 'ارتفاع شاهق', 'Haute altitude', 'Große Höhe', 'Gran altitud', 'Altitudine mare'],
  ['Weekend Stories', 'حكايات نهاية الأسبوع', 'Histoires du week-end', 'Wochenendgeschichten', 'Historias de fin de semana', 'Povești de weekend'],
  ['Distant Shores', 'شواطئ بعيدة', 'Rivages lointains', 'Ferne Ufer', 'Costas lejanas', 'Țărmuri îndepărtate'],
  ['Magnetic', 'مغناطيسي', 'Magnétique', 'Magnetisch', 'Magnético', 'Magnetic'],
  ['Afterglow', 'الوهج الأخير', 'Lueur finale', 'Nachglühen', 'Resplandor', 'Strălucire târzie'],
  ['Gravity', 'الجاذبية', 'Gravité', 'Schwerkraft', 'Gravedad', 'Gravitație'],
  ['Firefly Summer', 'صيف اليراعات', "L'été des lucioles", 'Glühwürmchensommer', 'Verano de luciérnagas', 'Vara licuricilor'],
  ['Old Town', 'البلدة القديمة', 'Vieille ville', 'Altstadt', 'Casco antiguo', 'Orașul vechi'],
  ['Kaleidoscope', 'مشكال', 'Kaléidoscope', 'Kaleidoskop', 'Caleidoscopio', 'Caleidoscop'],
  ['Harbor Lights', 'أضواء الميناء', 'Lumières du port', 'Hafenlichter', 'Luces del puerto', 'Luminile portului'],
  ['Solstice', 'الانقلاب الشمسي', 'Solstice', 'Sonnenwende', 'Solsticio', 'Solstițiu'],
  ['Wanderlust', 'شغف السفر', "Envie d'ailleurs", 'Fernweh', 'Ganas de viajar', 'Dor de ducă'],
  ['Midnight Garden', 'حديقة منتصف الليل', 'Jardin de minuit', 'Mitternachtsgarten', 'Jardín de medianoche', 'Grădina de la miezul nopții'],
  ['Copper Sky', 'سماء نحاسية', 'Ciel de cuivre', 'Kupferhimmel', 'Cielo de cobre', 'Cer de aramă'],
  ['Satellite', 'القمر الصناعي', 'Satellite', 'Satellit', 'Satélite', 'Satelit'],
  ['Open Windows', 'نوافذ مفتوحة', 'Fenêtres ouvertes', 'Offene Fenster', 'Ventanas abiertas', 'Ferestre deschise'],
  ['The Long Summer', 'الصيف الطويل', 'Le long été', 'Der lange Sommer', 'El largo verano', 'Vara lungă'],
  ['Salt and Honey', 'ملح وعسل', 'Sel et miel', 'Salz und Honig', 'Sal y miel', 'Sare și miere'],
  ['Morning Glory', 'مجد الصباح', 'Gloire du matin', 'Morgenruhm', 'Gloria matutina', 'Gloria dimineții'],
];

export const PLAYLISTS = [
  ['Workout Energy', 'طاقة التمرين', 'Énergie sport', 'Workout-Energie', 'Energía para entrenar', 'Energie la antrenament'],
  ['Chill Evenings', 'أمسيات هادئة', 'Soirées détente', 'Entspannte Abende', 'Tardes relajadas', 'Seri relaxante'],
  ['Focus Flow', 'تدفق التركيز', 'Concentration totale', 'Fokus-Flow', 'Flujo de concentración', 'Concentrare totală'],
  ['Road Trip', 'رحلة برية', 'Road trip', 'Roadtrip', 'Viaje por carretera', 'Excursie cu mașina'],
  ['Rainy Day', 'يوم ممطر', 'Jour de pluie', 'Regentag', 'Día de lluvia', 'Zi ploioasă'],
  ['Party Starters', 'بداية الحفلة', 'Lancement de soirée', 'Partystarter', 'Para empezar la fiesta', 'Start de petrecere'],
  ['Dinner Jazz', 'جاز العشاء', 'Jazz du dîner', 'Jazz zum Abendessen', 'Jazz para cenar', 'Jazz la cină'],
  ['Sleep Sounds', 'أصوات النوم', 'Sons pour dormir', 'Schlafklänge', 'Sonidos para dormir', 'Sunete de somn'],
];

export const MOVIES = [
  ['The Silent Valley', 'الوادي الصامت', 'La Vallée silencieuse', 'Das stille Tal', 'El valle silencioso', 'Valea tăcută'],
  ['Iron Harbor', 'ميناء الحديد', 'Le Port de fer', 'Der eiserne Hafen', 'El puerto de hierro', 'Portul de fier'],
  ['A Summer in Lisbon', 'صيف في لشبونة', 'Un été à Lisbonne', 'Ein Sommer in Lissabon', 'Un verano en Lisboa', 'O vară la Lisabona'],
  ['The Clockmaker', 'صانع الساعات', "L'Horloger", 'Der Uhrmacher', 'El relojero', 'Ceasornicarul'],
  ['Beyond the Ice', 'ما وراء الجليد', 'Au-delà de la glace', 'Jenseits des Eises', 'Más allá del hielo', 'Dincolo de gheață'],
  ['The Orchard', 'البستان', 'Le Verger', 'Der Obstgarten', 'El huerto', 'Livada'],
  ['Night Train to Vienna', 'قطار الليل إلى فيينا', 'Train de nuit pour Vienne', 'Nachtzug nach Wien', 'Tren nocturno a Viena', 'Tren de noapte spre Viena'],
  ['Salt Road', 'طريق الملح', 'La Route du sel', 'Die Salzstraße', 'El camino de la sal', 'Drumul sării'],
  ['Echo Station', 'محطة الصدى', 'Station Écho', 'Station Echo', 'Estación Eco', 'Stația Ecou'],
  ['The Last Summer', 'الصيف الأخير', 'Le Dernier Été', 'Der letzte Sommer', 'El último verano', 'Ultima vară'],
  ['Glass Mountain', 'الجبل الزجاجي', 'La Montagne de verre', 'Der Glasberg', 'La montaña de cristal', 'Muntele de sticlă'],
  ['Operation Nightfall', 'عملية الغسق', 'Opération Crépuscule', 'Operation Abenddämmerung', 'Operación Anochecer', 'Operațiunea Amurg'],
  ['Little Giants', 'العمالقة الصغار', 'Les Petits Géants', 'Kleine Riesen', 'Pequeños gigantes', 'Micii giganți'],
  ['The Map Maker', 'صانع الخرائط', 'Le Cartographe', 'Der Kartenmacher', 'El cartógrafo', 'Cartograful'],
  ['Wild Coast', 'الساحل البري', 'Côte sauvage', 'Wilde Küste', 'Costa salvaje', 'Coasta sălbatică'],
  ["The Inventor's Daughter", 'ابنة المخترع', "La Fille de l'inventeur", 'Die Tochter des Erfinders', 'La hija del inventor', 'Fiica inventatorului'],
];

export const SERIES = [
  ['Harbor Nights', 'ليالي الميناء', 'Nuits du port', 'Hafennächte', 'Noches del puerto', 'Nopțile portului'],
  ['The Kitchen Brigade', 'فريق المطبخ', 'La Brigade de cuisine', 'Die Küchenbrigade', 'La brigada de cocina', 'Brigada din bucătărie'],
  ['Planet Quest', 'مهمة الكوكب', 'Quête planétaire', 'Planetensuche', 'Misión planetaria', 'Misiunea planetară'],
  ['Code Breakers', 'كاسرو الشيفرة', 'Les Briseurs de code', 'Die Codeknacker', 'Los descifradores', 'Spărgătorii de coduri'],
  ['Little Explorers', 'المستكشفون الصغار', 'Les Petits Explorateurs', 'Kleine Entdecker', 'Pequeños exploradores', 'Micii exploratori'],
];

export const EPISODES = [
  ['The Beginning', 'البداية', 'Le Commencement', 'Der Anfang', 'El comienzo', 'Începutul'],
  ['Strangers', 'غرباء', 'Étrangers', 'Fremde', 'Extraños', 'Străini'],
  ['The Storm', 'العاصفة', 'La Tempête', 'Der Sturm', 'La tormenta', 'Furtuna'],
  ['Crossroads', 'مفترق الطرق', 'Carrefour', 'Scheideweg', 'Encrucijada', 'Răscruce'],
  ['Old Friends', 'أصدقاء قدامى', 'Vieux amis', 'Alte Freunde', 'Viejos amigos', 'Prieteni vechi'],
  ['The Signal', 'الإشارة', 'Le Signal', 'Das Signal', 'La señal', 'Semnalul'],
  ['Point of No Return', 'نقطة اللاعودة', 'Point de non-retour', 'Kein Zurück', 'Punto sin retorno', 'Punctul fără întoarcere'],
  ['Homecoming', 'العودة إلى الديار', 'Le Retour', 'Heimkehr', 'El regreso', 'Întoarcerea acasă'],
  ['Secrets', 'أسرار', 'Secrets', 'Geheimnisse', 'Secretos', 'Secrete'],
  ['The Long Night', 'الليلة الطويلة', 'La Longue Nuit', 'Die lange Nacht', 'La larga noche', 'Noaptea lungă'],
  ['Turning Tides', 'تحول المد', 'Marée montante', 'Gezeitenwechsel', 'Cambio de marea', 'Schimbarea mareei'],
  ['New Horizons', 'آفاق جديدة', 'Nouveaux horizons', 'Neue Horizonte', 'Nuevos horizontes', 'Noi orizonturi'],
];

export const PLOTS = [
  ['A young woman returns to her hometown and uncovers a secret that changes everything.', 'تعود شابة إلى مدينتها لتكشف سرًا يغيّر كل شيء.', 'Une jeune femme revient dans sa ville natale et découvre un secret qui change tout.', 'Eine junge Frau kehrt in ihre Heimatstadt zurück und deckt ein Geheimnis auf, das alles verändert.', 'Una joven vuelve a su ciudad natal y descubre un secreto que lo cambia todo.', 'O tânără se întoarce în orașul natal și descoperă un secret care schimbă totul.'],
  ['Two rivals must work together to survive a long night at sea.', 'يجب على خصمين أن يتعاونا للنجاة من ليلة طويلة في البحر.', "Deux rivaux doivent s'allier pour survivre à une longue nuit en mer.", 'Zwei Rivalen müssen zusammenarbeiten, um eine lange Nacht auf See zu überleben.', 'Dos rivales deben colaborar para sobrevivir a una larga noche en el mar.', 'Doi rivali trebuie să colaboreze pentru a supraviețui unei nopți lungi pe mare.'],
  ['An old map leads a group of friends on an unforgettable journey.', 'خريطة قديمة تقود مجموعة من الأصدقاء في رحلة لا تُنسى.', "Une vieille carte entraîne une bande d'amis dans un voyage inoubliable.", 'Eine alte Karte führt eine Gruppe von Freunden auf eine unvergessliche Reise.', 'Un viejo mapa lleva a un grupo de amigos a un viaje inolvidable.', 'O hartă veche poartă un grup de prieteni într-o călătorie de neuitat.'],
  ['A detective races against time to solve a case nobody else believes in.', 'محقق يسابق الزمن لحل قضية لا يصدقها أحد غيره.', 'Un détective lutte contre la montre pour résoudre une affaire à laquelle personne ne croit.', 'Ein Ermittler kämpft gegen die Zeit, um einen Fall zu lösen, an den niemand sonst glaubt.', 'Un detective corre contra el reloj para resolver un caso en el que nadie más cree.', 'Un detectiv se luptă cu timpul pentru a rezolva un caz în care nimeni altcineva nu crede.'],
  ['A family of inventors builds a machine that can talk to the stars.', 'عائلة من المخترعين تبني آلة قادرة على محادثة النجوم.', "Une famille d'inventeurs construit une machine capable de parler aux étoiles.", 'Eine Erfinderfamilie baut eine Maschine, die mit den Sternen sprechen kann.', 'Una familia de inventores construye una máquina capaz de hablar con las estrellas.', 'O familie de inventatori construiește o mașinărie care poate vorbi cu stelele.'],
  ['When the lights go out across the city, one night decides the fate of many.', 'عندما تنطفئ الأضواء في أرجاء المدينة، تحسم ليلة واحدة مصير الكثيرين.', "Quand les lumières s'éteignent dans toute la ville, une seule nuit décide du sort de beaucoup.", 'Als in der ganzen Stadt die Lichter ausgehen, entscheidet eine Nacht über das Schicksal vieler.', 'Cuando las luces se apagan en toda la ciudad, una sola noche decide el destino de muchos.', 'Când luminile se sting în tot orașul, o singură noapte decide soarta multora.'],
];

export const MOODS = [
  ['Perfect for late evenings and long drives.', 'مثالية للأمسيات المتأخرة والرحلات الطويلة.', 'Idéal pour les fins de soirée et les longs trajets.', 'Perfekt für späte Abende und lange Fahrten.', 'Perfecto para las noches y los viajes largos.', 'Perfectă pentru serile târzii și drumurile lungi.'],
  ['Warm, bright and made for summer.', 'دافئة ومشرقة وصُنعت للصيف.', "Chaleureux, lumineux et fait pour l'été.", 'Warm, hell und wie gemacht für den Sommer.', 'Cálido, luminoso y hecho para el verano.', 'Caldă, luminoasă și făcută pentru vară.'],
  ['A calm groove to help you focus.', 'إيقاع هادئ يساعدك على التركيز.', 'Un groove apaisant pour vous aider à vous concentrer.', 'Ein ruhiger Groove, der beim Konzentrieren hilft.', 'Un ritmo tranquilo para ayudarte a concentrarte.', 'Un ritm calm care te ajută să te concentrezi.'],
  ['Turn it up and dance.', 'ارفع الصوت وارقص.', 'Montez le son et dansez.', 'Drehen Sie auf und tanzen Sie.', 'Sube el volumen y baila.', 'Dă mai tare și dansează.'],
];

export const ONLINE_GAMES = [
  ['Star Blocks', 'كتل النجوم', 'Blocs étoilés', 'Sternenblöcke', 'Bloques estelares', 'Blocuri stelare'],
  ['Fruit Pairs', 'أزواج الفاكهة', 'Paires de fruits', 'Obstpaare', 'Parejas de frutas', 'Perechi de fructe'],
  ['Garden Snake', 'ثعبان الحديقة', 'Serpent du jardin', 'Gartenschlange', 'Serpiente del jardín', 'Șarpele din grădină'],
  ['Laser Bounce', 'ارتداد الليزر', 'Rebond laser', 'Laser-Abpraller', 'Rebote láser', 'Ricoșeu laser'],
  ['Card Memory', 'ذاكرة البطاقات', 'Mémoire des cartes', 'Kartengedächtnis', 'Memoria de cartas', 'Memoria cărților'],
  ['Comet Chase', 'مطاردة المذنب', 'Chasse à la comète', 'Kometenjagd', 'Persecución del cometa', 'Urmărirea cometei'],
  ['Jungle Bricks', 'طوب الغابة', 'Briques de la jungle', 'Dschungelsteine', 'Ladrillos de la selva', 'Cărămizile junglei'],
  ['Ocean Pairs', 'أزواج المحيط', "Paires de l'océan", 'Ozeanpaare', 'Parejas del océano', 'Perechi din ocean'],
];

export const GAMES = [
  ['Kingdoms of Ash', 'ممالك الرماد', 'Royaumes de cendres', 'Königreiche aus Asche', 'Reinos de ceniza', 'Regatele de cenușă'],
  ['Sky Pirates', 'قراصنة السماء', 'Pirates du ciel', 'Himmelspiraten', 'Piratas del cielo', 'Pirații cerului'],
  ['Farm Valley', 'وادي المزرعة', 'La Vallée de la ferme', 'Hoftal', 'Valle de la granja', 'Valea fermei'],
  ['Turbo Legends', 'أساطير التوربو', 'Légendes turbo', 'Turbo-Legenden', 'Leyendas turbo', 'Legendele turbo'],
  ['Mystery Manor', 'القصر الغامض', 'Le Manoir mystère', 'Das geheimnisvolle Herrenhaus', 'La mansión misteriosa', 'Conacul misterios'],
  ['Space Colony', 'مستعمرة فضائية', 'Colonie spatiale', 'Weltraumkolonie', 'Colonia espacial', 'Colonia spațială'],
  ['Football Stars', 'نجوم كرة القدم', 'Stars du football', 'Fußballstars', 'Estrellas del fútbol', 'Vedetele fotbalului'],
  ['Puzzle Temple', 'معبد الألغاز', 'Le Temple des énigmes', 'Rätseltempel', 'El templo de los puzles', 'Templul puzzle-urilor'],
  ['Ninja Shadows', 'ظلال النينجا', 'Ombres ninja', 'Ninja-Schatten', 'Sombras ninja', 'Umbre ninja'],
  ['Dragon Riders', 'فرسان التنين', 'Chevaucheurs de dragons', 'Drachenreiter', 'Jinetes de dragones', 'Călăreții dragonilor'],
  ['City Builder', 'باني المدن', 'Bâtisseur de villes', 'Städtebauer', 'Constructor de ciudades', 'Constructorul de orașe'],
  ['Deep Sea Quest', 'مغامرة أعماق البحر', 'Quête des abysses', 'Tiefsee-Abenteuer', 'Aventura en el fondo del mar', 'Aventura din adâncuri'],
  ['Robot Arena', 'حلبة الروبوتات', 'Arène des robots', 'Roboterarena', 'Arena de robots', 'Arena roboților'],
  ['Chess Masters', 'أساتذة الشطرنج', 'Maîtres des échecs', 'Schachmeister', 'Maestros del ajedrez', 'Maeștrii șahului'],
  ['Zombie Night', 'ليلة الزومبي', 'Nuit des zombies', 'Zombienacht', 'Noche zombi', 'Noaptea zombie'],
  ['Candy Kingdom', 'مملكة الحلوى', 'Royaume des bonbons', 'Süßigkeitenreich', 'Reino de caramelo', 'Regatul bomboanelor'],
  ['Trail Bikes', 'دراجات المسارات', 'Motos de trial', 'Trailbikes', 'Motos de montaña', 'Motociclete de traseu'],
  ['Word Hunt', 'صيد الكلمات', 'Chasse aux mots', 'Wortjagd', 'Caza de palabras', 'Vânătoarea de cuvinte'],
  ['Galaxy Traders', 'تجار المجرة', 'Marchands galactiques', 'Galaxie-Händler', 'Comerciantes galácticos', 'Negustorii galaxiei'],
  ['Haunted Lighthouse', 'المنارة المسكونة', 'Le Phare hanté', 'Der Spukleuchtturm', 'El faro encantado', 'Farul bântuit'],
];

export const GAME_PLOTS = [
  ['Build, explore and defend your world across dozens of levels.', 'ابنِ واستكشف ودافع عن عالمك عبر عشرات المراحل.', 'Construisez, explorez et défendez votre monde sur des dizaines de niveaux.', 'Bauen, erkunden und verteidigen Sie Ihre Welt über Dutzende Level.', 'Construye, explora y defiende tu mundo a lo largo de decenas de niveles.', 'Construiește, explorează și apără-ți lumea în zeci de niveluri.'],
  ['Race against friends and unlock new vehicles and tracks.', 'تسابق مع أصدقائك وافتح مركبات ومسارات جديدة.', 'Affrontez vos amis et débloquez de nouveaux véhicules et circuits.', 'Fahren Sie gegen Freunde und schalten Sie neue Fahrzeuge und Strecken frei.', 'Compite con tus amigos y desbloquea nuevos vehículos y circuitos.', 'Întrece-te cu prietenii și deblochează vehicule și trasee noi.'],
  ['Solve clever puzzles and uncover the story one room at a time.', 'حل ألغازًا ذكية واكشف القصة غرفةً تلو الأخرى.', "Résolvez des énigmes astucieuses et découvrez l'histoire pièce par pièce.", 'Lösen Sie knifflige Rätsel und entdecken Sie die Geschichte Raum für Raum.', 'Resuelve puzles ingeniosos y descubre la historia habitación por habitación.', 'Rezolvă puzzle-uri ingenioase și descoperă povestea cameră cu cameră.'],
  ['Lead your team to victory in fast online matches.', 'قد فريقك إلى النصر في مباريات سريعة عبر الإنترنت.', 'Menez votre équipe à la victoire dans des matchs en ligne rapides.', 'Führen Sie Ihr Team in schnellen Online-Matches zum Sieg.', 'Lleva a tu equipo a la victoria en partidas rápidas en línea.', 'Condu-ți echipa spre victorie în meciuri online rapide.'],
];

export const GAMEPLAY = {
  'brick-breaker': ['Bounce the ball, break every brick and chase a new high score.', 'ارتد بالكرة وحطم كل الطوب وحقق رقمًا قياسيًا جديدًا.', 'Faites rebondir la balle, cassez toutes les briques et battez votre record.', 'Lassen Sie den Ball abprallen, zerstören Sie alle Steine und jagen Sie einen neuen Highscore.', 'Haz rebotar la pelota, rompe todos los ladrillos y bate tu récord.', 'Lovește mingea, sparge toate cărămizile și bate-ți recordul.'],
  'memory-match': ['Flip the cards, find the matching pairs and train your memory.', 'اقلب البطاقات وابحث عن الأزواج المتطابقة ودرّب ذاكرتك.', 'Retournez les cartes, trouvez les paires et entraînez votre mémoire.', 'Decken Sie die Karten auf, finden Sie die Paare und trainieren Sie Ihr Gedächtnis.', 'Da la vuelta a las cartas, encuentra las parejas y entrena tu memoria.', 'Întoarce cărțile, găsește perechile și antrenează-ți memoria.'],
  'lane-racer': ['Switch lanes, overtake the traffic and race further without a crash.', 'غيّر المسار وتجاوز السيارات وانطلق أبعد دون اصطدام.', 'Changez de voie, doublez les voitures et allez plus loin sans accident.', 'Wechseln Sie die Spur, überholen Sie den Verkehr und fahren Sie ohne Unfall immer weiter.', 'Cambia de carril, adelanta al tráfico y llega más lejos sin chocar.', 'Schimbă banda, depășește mașinile și mergi cât mai departe fără accident.'],
  'snake': ['Steer through the field, collect every treat and grow longer without hitting yourself.', 'تحرك عبر الملعب واجمع كل المكافآت وازدد طولًا دون أن تصطدم بنفسك.', 'Traversez le terrain, ramassez chaque bonus et grandissez sans vous mordre la queue.', 'Steuern Sie übers Feld, sammeln Sie jede Belohnung und wachsen Sie, ohne sich selbst zu treffen.', 'Recorre el campo, recoge cada premio y crece sin chocar contigo mismo.', 'Navighează pe teren, adună fiecare recompensă și crește fără să te lovești singur.'],
};

export const PODCASTS = [
  ['Mind the Market', 'انتبه للسوق', 'Attention au marché', 'Markt im Blick', 'Atentos al mercado', 'Atenție la piață'],
  ['Green Planet', 'الكوكب الأخضر', 'Planète verte', 'Grüner Planet', 'Planeta verde', 'Planeta verde'],
  ['Kitchen Talk', 'حديث المطبخ', 'Parlons cuisine', 'Küchengespräche', 'Charlas de cocina', 'Discuții în bucătărie'],
  ['Game On', 'اللعبة بدأت', 'Que la partie commence', 'Spiel läuft', 'Empieza el juego', 'Jocul a început'],
  ['Curious Minds', 'عقول فضولية', 'Esprits curieux', 'Neugierige Köpfe', 'Mentes curiosas', 'Minți curioase'],
];

export const PODCAST_TOPICS = [
  ['How Sleep Works', 'كيف يعمل النوم', 'Comment fonctionne le sommeil', 'Wie Schlaf funktioniert', 'Cómo funciona el sueño', 'Cum funcționează somnul'],
  ['The Future of Work', 'مستقبل العمل', "L'avenir du travail", 'Die Zukunft der Arbeit', 'El futuro del trabajo', 'Viitorul muncii'],
  ['Lost Cities', 'مدن مفقودة', 'Cités perdues', 'Verlorene Städte', 'Ciudades perdidas', 'Orașe pierdute'],
  ['Small Habits', 'عادات صغيرة', 'Petites habitudes', 'Kleine Gewohnheiten', 'Pequeños hábitos', 'Obiceiuri mărunte'],
  ['Music and Memory', 'الموسيقى والذاكرة', 'Musique et mémoire', 'Musik und Erinnerung', 'Música y memoria', 'Muzică și memorie'],
  ['Inside the Studio', 'داخل الاستوديو', 'Dans le studio', 'Im Studio', 'Dentro del estudio', 'În studio'],
  ['Maps and Myths', 'خرائط وأساطير', 'Cartes et mythes', 'Karten und Mythen', 'Mapas y mitos', 'Hărți și mituri'],
  ['Clean Energy', 'الطاقة النظيفة', 'Énergie propre', 'Saubere Energie', 'Energía limpia', 'Energie curată'],
  ['Street Food', 'طعام الشارع', 'Cuisine de rue', 'Streetfood', 'Comida callejera', 'Mâncare de stradă'],
  ['Stars and Signals', 'نجوم وإشارات', 'Étoiles et signaux', 'Sterne und Signale', 'Estrellas y señales', 'Stele și semnale'],
  ['The Art of Listening', 'فن الإصغاء', "L'art d'écouter", 'Die Kunst des Zuhörens', 'El arte de escuchar', 'Arta ascultării'],
  ['Big Questions', 'أسئلة كبيرة', 'Grandes questions', 'Große Fragen', 'Grandes preguntas', 'Întrebări mari'],
];

export const AUDIOBOOKS = [
  ['The Copper Key', 'المفتاح النحاسي', 'La Clé de cuivre', 'Der Kupferschlüssel', 'La llave de cobre', 'Cheia de aramă'],
  ['A House by the Sea', 'بيت على البحر', 'Une maison au bord de la mer', 'Ein Haus am Meer', 'Una casa junto al mar', 'O casă lângă mare'],
  ['The Clockwork Fox', 'الثعلب الآلي', 'Le Renard mécanique', 'Der Uhrwerkfuchs', 'El zorro mecánico', 'Vulpea mecanică'],
  ['Letters from Cairo', 'رسائل من القاهرة', 'Lettres du Caire', 'Briefe aus Kairo', 'Cartas desde El Cairo', 'Scrisori din Cairo'],
  ['The Forgotten Island', 'الجزيرة المنسية', "L'Île oubliée", 'Die vergessene Insel', 'La isla olvidada', 'Insula uitată'],
  ['Winter Tales', 'حكايات الشتاء', "Contes d'hiver", 'Wintermärchen', 'Cuentos de invierno', 'Povești de iarnă'],
  ['The Astronomer', 'عالم الفلك', "L'Astronome", 'Der Astronom', 'El astrónomo', 'Astronomul'],
];

export const CITIES = [
  ['Berlin', 'برلين', 'Berlin', 'Berlin', 'Berlín', 'Berlin'],
  ['Cairo', 'القاهرة', 'Le Caire', 'Kairo', 'El Cairo', 'Cairo'],
  ['Paris', 'باريس', 'Paris', 'Paris', 'París', 'Paris'],
  ['Madrid', 'مدريد', 'Madrid', 'Madrid', 'Madrid', 'Madrid'],
  ['Bucharest', 'بوخارست', 'Bucarest', 'Bukarest', 'Bucarest', 'București'],
  ['Dubai', 'دبي', 'Dubaï', 'Dubai', 'Dubái', 'Dubai'],
  ['Vienna', 'فيينا', 'Vienne', 'Wien', 'Viena', 'Viena'],
  ['Lisbon', 'لشبونة', 'Lisbonne', 'Lissabon', 'Lisboa', 'Lisabona'],
];

export const HEADLINES = [
  ['New festival season opens with record crowds', 'موسم المهرجانات الجديد ينطلق بحضور قياسي', "La nouvelle saison des festivals s'ouvre avec une affluence record", 'Neue Festivalsaison startet mit Besucherrekord', 'La nueva temporada de festivales abre con público récord', 'Noul sezon de festivaluri începe cu un public record'],
  ['Local team wins the regional esports final', 'فريق محلي يفوز بنهائي الرياضات الإلكترونية الإقليمي', "Une équipe locale remporte la finale régionale d'esport", 'Lokales Team gewinnt regionales E-Sport-Finale', 'Un equipo local gana la final regional de esports', 'O echipă locală câștigă finala regională de esports'],
  ['City launches free public Wi-Fi in parks', 'المدينة تطلق شبكة واي فاي مجانية في الحدائق', 'La ville lance le Wi-Fi public gratuit dans les parcs', 'Stadt startet kostenloses WLAN in Parks', 'La ciudad lanza wifi público gratuito en los parques', 'Orașul lansează Wi-Fi public gratuit în parcuri'],
  ['Streaming habits change as summer begins', 'عادات البث تتغير مع بداية الصيف', "Les habitudes de streaming changent avec l'été", 'Streaming-Gewohnheiten ändern sich zum Sommerbeginn', 'Los hábitos de streaming cambian con el verano', 'Obiceiurile de streaming se schimbă odată cu vara'],
  ['Museum opens a new digital art wing', 'متحف يفتتح جناحًا جديدًا للفن الرقمي', "Un musée ouvre une nouvelle aile d'art numérique", 'Museum eröffnet neuen Flügel für digitale Kunst', 'Un museo abre una nueva ala de arte digital', 'Un muzeu deschide o nouă aripă de artă digitală'],
  ['Young developers present their first games', 'مطورون شباب يقدمون ألعابهم الأولى', 'De jeunes développeurs présentent leurs premiers jeux', 'Junge Entwickler stellen ihre ersten Spiele vor', 'Jóvenes desarrolladores presentan sus primeros juegos', 'Tineri dezvoltatori își prezintă primele jocuri'],
  ['Orchestra plays under the open sky', 'أوركسترا تعزف تحت السماء المفتوحة', 'Un orchestre joue à ciel ouvert', 'Orchester spielt unter freiem Himmel', 'Una orquesta toca al aire libre', 'O orchestră cântă sub cerul liber'],
  ['Weekend weather: sunshine and warm evenings', 'طقس نهاية الأسبوع: شمس وأمسيات دافئة', 'Météo du week-end : soleil et soirées douces', 'Wochenendwetter: Sonne und warme Abende', 'El tiempo del fin de semana: sol y noches templadas', 'Vremea de weekend: soare și seri calde'],
  ['Cinema week brings classic films back', 'أسبوع السينما يعيد الأفلام الكلاسيكية', 'La semaine du cinéma fait revenir les classiques', 'Kinowoche bringt Klassiker zurück', 'La semana del cine recupera los clásicos', 'Săptămâna filmului readuce clasicele'],
  ['New bike lanes connect the old town', 'مسارات دراجات جديدة تربط البلدة القديمة', 'De nouvelles pistes cyclables relient la vieille ville', 'Neue Radwege verbinden die Altstadt', 'Nuevos carriles bici conectan el casco antiguo', 'Noi piste de biciclete leagă orașul vechi'],
  ["Podcast awards name this year's winners", 'جوائز البودكاست تعلن فائزي هذا العام', "Les prix du podcast dévoilent les lauréats de l'année", 'Podcast-Preise küren die Gewinner des Jahres', 'Los premios de pódcast anuncian a los ganadores del año', 'Premiile pentru podcasturi își anunță câștigătorii'],
  ['Library extends opening hours for students', 'المكتبة تمدد ساعات العمل للطلاب', 'La bibliothèque prolonge ses horaires pour les étudiants', 'Bibliothek verlängert Öffnungszeiten für Studierende', 'La biblioteca amplía su horario para estudiantes', 'Biblioteca prelungește programul pentru studenți'],
];

export const ARTICLES = [
  ['10 Tips for Better Headphone Sound', 'عشر نصائح لصوت أفضل في سماعات الرأس', '10 conseils pour un meilleur son au casque', '10 Tipps für besseren Kopfhörerklang', '10 consejos para sonar mejor con auriculares', '10 sfaturi pentru un sunet mai bun în căști'],
  ['How to Build a Playlist for Focus', 'كيف تصنع قائمة تشغيل للتركيز', 'Comment créer une playlist pour se concentrer', 'So stellen Sie eine Playlist zum Konzentrieren zusammen', 'Cómo crear una lista para concentrarte', 'Cum să creezi un playlist pentru concentrare'],
  ["A Beginner's Guide to Podcasts", 'دليل المبتدئين إلى البودكاست', 'Guide du débutant pour les podcasts', 'Einsteigerleitfaden für Podcasts', 'Guía de pódcast para principiantes', 'Ghidul începătorului pentru podcasturi'],
  ['The History of Arcade Games', 'تاريخ ألعاب الأركيد', "L'histoire des jeux d'arcade", 'Die Geschichte der Arcade-Spiele', 'La historia de los juegos arcade', 'Istoria jocurilor arcade'],
  ['Five Films to Watch This Weekend', 'خمسة أفلام لمشاهدتها في نهاية الأسبوع', 'Cinq films à voir ce week-end', 'Fünf Filme fürs Wochenende', 'Cinco películas para ver este fin de semana', 'Cinci filme de văzut în acest weekend'],
  ['Why Audiobooks Are Booming', 'لماذا تزدهر الكتب الصوتية', 'Pourquoi les livres audio explosent', 'Warum Hörbücher boomen', 'Por qué los audiolibros están en auge', 'De ce cărțile audio sunt în plin avânt'],
  ['Screen Time for Families', 'وقت الشاشة للعائلات', "Le temps d'écran en famille", 'Bildschirmzeit für Familien', 'Tiempo de pantalla en familia', 'Timpul petrecut la ecran în familie'],
  ['Interview: A Composer at Work', 'مقابلة: ملحن أثناء العمل', 'Entretien : un compositeur au travail', 'Interview: Ein Komponist bei der Arbeit', 'Entrevista: un compositor en su trabajo', 'Interviu: un compozitor la lucru'],
  ['The Sound of the City', 'صوت المدينة', 'Le son de la ville', 'Der Klang der Stadt', 'El sonido de la ciudad', 'Sunetul orașului'],
  ['Retro Consoles Worth Collecting', 'أجهزة ألعاب قديمة تستحق الاقتناء', 'Des consoles rétro à collectionner', 'Retro-Konsolen, die sich zu sammeln lohnen', 'Consolas retro que vale la pena coleccionar', 'Console retro care merită colecționate'],
  ['Learning a Language with Music', 'تعلم لغة بالموسيقى', 'Apprendre une langue en musique', 'Eine Sprache mit Musik lernen', 'Aprender un idioma con música', 'Învățarea unei limbi cu muzică'],
  ['Behind the Scenes of a Series', 'خلف كواليس مسلسل', "Les coulisses d'une série", 'Hinter den Kulissen einer Serie', 'Detrás de las cámaras de una serie', 'În culisele unui serial'],
];

export const PREMIUM = [
  ['The Economics of Streaming', 'اقتصاد البث', "L'économie du streaming", 'Die Ökonomie des Streamings', 'La economía del streaming', 'Economia streamingului'],
  ['Inside the Esports Industry', 'داخل صناعة الرياضات الإلكترونية', "Au cœur de l'industrie de l'esport", 'Einblick in die E-Sport-Branche', 'Dentro de la industria de los esports', 'În interiorul industriei esports'],
  ['The Science of Sound', 'علم الصوت', 'La science du son', 'Die Wissenschaft des Klangs', 'La ciencia del sonido', 'Știința sunetului'],
  ['How Games Are Made', 'كيف تُصنع الألعاب', 'Comment les jeux sont fabriqués', 'Wie Spiele entstehen', 'Cómo se hacen los videojuegos', 'Cum se fac jocurile'],
  ['The Future of Cinema', 'مستقبل السينما', "L'avenir du cinéma", 'Die Zukunft des Kinos', 'El futuro del cine', 'Viitorul cinematografiei'],
  ['Great Voices of Radio', 'أصوات الإذاعة العظيمة', 'Les grandes voix de la radio', 'Große Stimmen des Radios', 'Grandes voces de la radio', 'Marile voci ale radioului'],
  ['Data, Privacy and You', 'البيانات والخصوصية وأنت', 'Données, vie privée et vous', 'Daten, Privatsphäre und Sie', 'Datos, privacidad y tú', 'Datele, confidențialitatea și tu'],
  ['The Long Read: Desert Cities', 'قراءة مطولة: مدن الصحراء', 'Grand format : les villes du désert', 'Lange Lektüre: Wüstenstädte', 'Lectura larga: ciudades del desierto', 'Lectură lungă: orașele deșertului'],
];

export const VOUCHER_KINDS = [
  ['Music Gift Card', 'بطاقة هدايا الموسيقى', 'Carte cadeau musique', 'Musik-Geschenkkarte', 'Tarjeta regalo de música', 'Card cadou muzică'],
  ['Games Gift Card', 'بطاقة هدايا الألعاب', 'Carte cadeau jeux', 'Spiele-Geschenkkarte', 'Tarjeta regalo de juegos', 'Card cadou jocuri'],
  ['Video Gift Card', 'بطاقة هدايا الفيديو', 'Carte cadeau vidéo', 'Video-Geschenkkarte', 'Tarjeta regalo de vídeo', 'Card cadou video'],
];

// Gift-card tiers: the title names the tier, the price says the value in the tenant's currency.
export const VOUCHER_TIERS = [
  ['Bronze', 'البرونزية', 'Bronze', 'Bronze', 'Bronce', 'Bronz'],
  ['Silver', 'الفضية', 'Argent', 'Silber', 'Plata', 'Argint'],
  ['Gold', 'الذهبية', 'Or', 'Gold', 'Oro', 'Aur'],
  ['Platinum', 'البلاتينية', 'Platine', 'Platin', 'Platino', 'Platină'],
];

export const VOUCHER_BOOKS = [
  ['Starter Pack', 'حزمة البداية', 'Pack découverte', 'Starterpaket', 'Paquete de inicio', 'Pachet de start'],
  ['Family Pack', 'حزمة العائلة', 'Pack famille', 'Familienpaket', 'Paquete familiar', 'Pachet de familie'],
  ['Gamer Pack', 'حزمة اللاعبين', 'Pack gamer', 'Gamer-Paket', 'Paquete gamer', 'Pachet gamer'],
  ['Party Pack', 'حزمة الحفلة', 'Pack fête', 'Partypaket', 'Paquete fiesta', 'Pachet de petrecere'],
];

export const CUPS = [
  ['Spring Cup', 'كأس الربيع', 'Coupe de printemps', 'Frühjahrscup', 'Copa de primavera', 'Cupa de primăvară'],
  ['Summer Championship', 'بطولة الصيف', "Championnat d'été", 'Sommermeisterschaft', 'Campeonato de verano', 'Campionatul de vară'],
  ['Weekend Challenge', 'تحدي نهاية الأسبوع', 'Défi du week-end', 'Wochenend-Challenge', 'Desafío de fin de semana', 'Provocarea de weekend'],
  ['Masters Series', 'سلسلة الأساتذة', 'Série des maîtres', 'Masters-Serie', 'Serie de maestros', 'Seria maeștrilor'],
];

export const APPS = [
  ['Photo Editor', 'محرر الصور', 'Éditeur de photos', 'Fotoeditor', 'Editor de fotos', 'Editor foto', 'apps-utilities'],
  ['Weather Now', 'الطقس الآن', 'Météo maintenant', 'Wetter jetzt', 'El tiempo ahora', 'Vremea acum', 'apps-lifestyle'],
  ['Daily Planner', 'المخطط اليومي', 'Agenda quotidien', 'Tagesplaner', 'Agenda diaria', 'Planificator zilnic', 'apps-productivity'],
  ['Language Coach', 'مدرب اللغات', 'Coach de langues', 'Sprachcoach', 'Entrenador de idiomas', 'Antrenor de limbi', 'apps-education'],
  ['Fitness Tracker', 'متتبع اللياقة', 'Suivi fitness', 'Fitness-Tracker', 'Monitor de actividad', 'Monitor de fitness', 'apps-lifestyle'],
  ['Recipe Box', 'صندوق الوصفات', 'Boîte à recettes', 'Rezeptbox', 'Caja de recetas', 'Cutia cu rețete', 'apps-lifestyle'],
  ['Budget Buddy', 'رفيق الميزانية', 'Allié budget', 'Budget-Freund', 'Amigo del presupuesto', 'Prietenul bugetului', 'apps-productivity'],
  ['QR Scanner', 'ماسح رموز QR', 'Lecteur QR', 'QR-Scanner', 'Escáner QR', 'Scaner QR', 'apps-utilities'],
  ['Night Sky Guide', 'دليل سماء الليل', 'Guide du ciel nocturne', 'Sternenhimmel-Guide', 'Guía del cielo nocturno', 'Ghidul cerului nocturn', 'apps-education'],
  ['Kids Drawing', 'رسم الأطفال', 'Dessin pour enfants', 'Malen für Kinder', 'Dibujo infantil', 'Desen pentru copii', 'apps-education'],
  ['Podcast Player', 'مشغل البودكاست', 'Lecteur de podcasts', 'Podcast-Player', 'Reproductor de pódcast', 'Player de podcasturi', 'apps-utilities'],
  ['Travel Phrasebook', 'دليل عبارات السفر', 'Guide de conversation', 'Reise-Sprachführer', 'Guía de frases de viaje', 'Ghid de conversație', 'apps-education'],
  ['Secure Notes', 'ملاحظات آمنة', 'Notes sécurisées', 'Sichere Notizen', 'Notas seguras', 'Notițe securizate', 'apps-productivity'],
  ['Meditation Minute', 'دقيقة تأمل', 'Minute de méditation', 'Meditationsminute', 'Minuto de meditación', 'Minutul de meditație', 'apps-lifestyle'],
  ['Unit Converter', 'محول الوحدات', "Convertisseur d'unités", 'Einheitenrechner', 'Conversor de unidades', 'Convertor de unități', 'apps-utilities'],
];

// The info services of data/info-services/demo.json, each article's English title slugged to the
// service's name (its page is /partners/info-services/<name>), in the same order.
export const INFO_SERVICES = [
  ['Daily Horoscope', 'الأبراج اليومية', 'Horoscope du jour', 'Tageshoroskop', 'Horóscopo diario', 'Horoscopul zilei'],
  ['Football Results', 'نتائج كرة القدم', 'Résultats de football', 'Fußballergebnisse', 'Resultados de fútbol', 'Rezultate fotbal'],
  ['Quote of the Day', 'اقتباس اليوم', 'Citation du jour', 'Zitat des Tages', 'Cita del día', 'Citatul zilei'],
];

export const ARTISTS = [
  'Nova Reyes', 'The Velvet Static', 'Layla Haddad', 'Omar Farouk', 'Kai Lindqvist', 'Mira Stone', 'Lukas Berg',
  'Sofia Marín', 'Andrei Popescu', 'Amélie Laurent', 'Yusuf Karim', 'Hana Sato', 'Neon Harbor', 'Desert Bloom Ensemble',
  'Midnight Arcade', 'Ioana Dumitru', 'Felix Wagner', 'Carmen Vidal', 'Rami Nasser', 'Zara Quinn', 'Elio Marchetti',
  'Nadia Benali', 'The Lanterns', 'Marek Novak', 'Lina Sayed', 'Jonas Weber', 'Clara Jiménez', 'Théo Moreau',
];
export const AUTHORS = ['Selma Aziz', 'Henrik Falk', 'Margaret Ellis', 'Karim El-Masri', 'Lucía Ferrer', 'Mihai Ionescu'];
export const NARRATORS = ['Daniel Brooks', 'Amira Khalil', 'Claire Dubois', 'Sven Richter', 'Elena Ruiz', 'Radu Stan'];
export const HOSTS = ['Maya Chen', 'Tariq Saleh', 'Julien Petit', 'Anna Schmidt', 'Pablo Ortega', 'Ana Georgescu'];
export const PUBLISHERS = ['Lumen Forge', 'Blue Falcon Studios', 'Pixel Orchard', 'Northwind Games', 'Sandstone Interactive', 'Copperleaf Games', 'Mosaic Mobile', 'Harbor Bay Games'];
export const PARTNERS = ['Cedar Telecom', 'Atlas Mobile', 'Danube Net', 'Sahara Pay', 'Rheinland Media', 'Lumière TV'];
export const LABELS = ['Aurora Records', 'Crescent Sound', 'Vela Music Group', 'Open Sky Audio', 'Northbridge Films', 'Sandline Pictures', 'Kino Rhein', 'Lantern Pictures'];
