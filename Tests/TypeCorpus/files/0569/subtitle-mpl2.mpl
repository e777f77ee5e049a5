[2227][2244]<i>CANAL DE NOTICIAS</i>
[2253][2291]<i>La semana pasada,|Steven Johnson, de 28 años...</i>
[2291][2318]<i>y Stephanie Tramer, de 30 años...</i>
[2318][2335]<i>fueron encontrados apaleados|en un bosque local.</i>
[2338][2376]El principal sospechoso y residente|local de Dunwich, Jack Cain,
[2376][2408]a quien la Policía arrestó 24 horas|después del descubrimiento...
[2408][2434]de los cuerpos, se encuentra|actualmente en la Corte.
[2434][2465]Asistiendo a una audiencia de|preparación para el juicio.
[2465][2482]<i>Sé espera que la audiencia...</i>
[2482][2498]<i>que sea una especie de formalidad...</i>
[2498][2517]<i>donde se presentaran los hechos clave...</i>
[2517][2541]<i>y el acusado se declarará culpable.</i>
[2543][2573]<i>En caso de que esa declaración|no sea culpable, como se espera,</i>
[2573][2596]<i>se fijará una fecha para el juicio.</i>
[2609][2656]De estás 16 puñaladas,|5 por sí solas...
[2656][2674]hubieran sido fatales.
[2683][2697]Steve Johnson...
[2704][2749]recibió 13 puñaladas,|principalmente en el pecho.
[2759][2793]Sin embargo, hubo varias abrasiones|en las palmas...
[2793][2845]de sus manos...|Lo que sugiere heridas defensivas.
[2854][2895]El golpe fatal fue una|puñalada en la aorta,
[2896][2931]el vaso sanguíneo grande|que sale del corazón.
[2948][2954]Su Señoría...
[2962][2994]debido a la naturaleza|atroz de este crimen,
[3003][3046]y las pruebas circunstanciales|contra el señor Cain...
[3053][3079]y su falta de coartada,
[3087][3123]hay suficientes|pruebas para enjuiciar.
[3129][3145]¿Algo más que añadir?
[3149][3171]No, eso es todo, Su Señoría.
[3242][3254]Señor Cain.
[3265][3302]Antes de proceder, debo informarle...
[3304][3345]por segunda vez que,|dados los gravísimos cargos...
[3345][3387]lo mejor para usted es|contratar a un asesor legal...
[3387][3399]en este asunto.
[3426][3441]Me representaré a mí mismo,|Su Señoría.
[3441][3455]No tengo nada que ocultar.
[3468][3480]Como desee.
[3492][3513]Antes de que pasemos|a una declaración...
[3532][3557]¿tiene alguna prueba|que desee presentar?
[3561][3601]¿Qué contradiga lo que la|Fiscalía ha presentado?
[3718][3731]No en este momento.
[3741][3765]Me gustaría declararme inocente.
[3796][3808]Como desee.
[3919][3956]¿Podrían ambos abogados|acercarse al estrado, por favor?
[4111][4148]La gravedad de este|crimen es evidente.
[4182][4206]Toda la evidencia recolectada...
[4206][4268]en contra del señor Cain se obtuvo|después de un arresto ilegal.
[4312][4325]¡Orden en la sala!
[4359][4394]No tengo más remedio que pedir|que se desestime el caso.
[4404][4433]Su Señoría,|no puede dejar ir a este hombre.
[4439][4456]Es un peligro para todos nosotros.
[4461][4488]Entonces, quizás la Policía|debería haberle leído sus derechos...
[4488][4503]cuando lo arrestaron.
[4525][4563]El registro del auto del señor Cain,|su casa, las entrevistas,
[4568][4601]todo esto es ahora|inadmisible como prueba.
[4604][4623]Este caso está desestimado.
[4624][4641]- ¡Culpable!|- Ordeno que el acusado...
[4642][4656]sea liberado de forma inmediata.
[4656][4675]¡Asesino! ¡Asesinaste a mi hijo!
[4815][4837]No le leíste sus derechos.
[4838][4857]¿Qué cojones es esto,|la hora del aficionado?
[4857][4886]Lo perseguí.|Teníamos a la Policía armada afuera.
[4888][4924]En toda la conmoción sólo|cometí un error, ¿de acuerdo?
[4925][4945]Claro que cometiste un error.
[4952][4989]Y mi hijo y la hermana de este|pobre chico no verán justicia.
[4991][5022]Escoria como Cain no mantendrá|su nariz limpia por mucho tiempo.
[5022][5055]Cuando se pase de la raya,|yo estaré ahí para derribarlo.
[5062][5079]¿Crees que volverá a matar?
[5087][5116]No lo sé, pero es capaz de hacerlo.
[5119][5136]Bueno,|ahora todos estamos en peligro.
[5145][5163]Miren,|mantendré esta ciudad a salvo.
[5174][5184]Sí.
[5188][5209]Como el buen trabajo que|hiciste la primera vez.
[5209][5232]- Ahora vete a la mierda, Joe.|- ¡Escucha!
[5235][5276]Si esa basura lastima a|alguien más, rodarán cabezas.
[5276][5292]- Mira hombre...|- Cometiste...
[5292][5319]el mayor error de tu carrera aquí,|simple y llanamente.
[5319][5342]- ¿Quieres mi renuncia?|- ¿La ofreces?
[5342][5371]- ¿Tengo otra opción?|- Siempre hay opciones, Frank.
[5374][5395]Hacer tu trabajo es una opción.
[5408][5431]¿Cuál es tu trabajo, Frank?|¿Puedes decirme eso?
[5451][5473]Respetar la ley,|mantener la ciudad a salvo.
[5473][5497]Mantén esta ciudad a salvo,|precisamente.
[5503][5524]Todos queríamos|justicia en este caso.
[5524][5542]La ley no nos ha dado eso.
[5546][5575]¿Significa eso que el|deber de proteger a Dunwich...
[5575][5591]se va por la ventana?
[5601][5613]No.
[5625][5654]Johnny, dime hijo,|¿qué significa la justicia para ti?
[5685][5724]Quiero ver a Cain sufrir por|lo que le hizo a mi hermana.
[5739][5752]¿Qué hay de ti, Joe?
[5752][5787]Ningún padre debería|enterrar a su propio hijo.
[5797][5809]No es natural.
[5813][5847]¡Y ese pedazo de mierda merece|morir por lo que ha hecho!
[5871][5883]Estoy de acuerdo.
[5934][5948]¿Qué estás diciendo, hombre?
[5949][5977]Bueno, todos nosotros nos conocemos|desde hace mucho tiempo, Frank.
[5978][6008]Podré ser el Alcalde de esta ciudad,|pero también soy tu amigo.
[6012][6032]Los amigos deberían ayudarse|mutuamente, ¿no crees?
[6061][6072]Si.
[6084][6116]Así que, voy a ayudarte a|salvar tu trabajo, Frank.
[6124][6141]Joe, Johnny...
[6159][6173]vamos a conseguirles justicia.
[6203][6228]¿Y cómo te propones hacer eso?
[6303][6315]<i>Zombis.</i>
[6331][6343]<i>Sí.</i>
[6347][6363]<i>Son mis sirvientes.</i>
[6394][6419]<i>Este asesino del alma|se lleva a los hombres...</i>
[6419][6434]<i>de sus tumbas...</i>
[6444][6462]<i>para ser sus esclavos.</i>
[6512][6536]<i>Son instrumentos de terror...</i>
[6536][6558]<i>y ahora este demonio conspira...</i>
[6559][6579]<i>para poseer a una mujer.</i>
[6639][6652]<i>¿Sí, amo?</i>
[6687][6711]<i>Este asesino del alma|se lleva a los hombres...</i>
[6711][6759]<i>de sus tumbas...|Para ser sus esclavos...</i>
[6838][6869]<i>y ahora este demonio conspira|para poseer a una mujer.</i>
[6913][6927]<i>Qué bestial.</i>
[7233][7255]¿Qué cojones es esto,|una fiesta de Noche de Brujas?
[7268][7288]Es hora de pagar por|lo que hiciste, Cain.
[7323][7336]¿Tienes algo que decir?
[7355][7393]Despreciame y verás a un tonto.
[7398][7423]Respétame y verás a un Dios.
[7423][7461]Mírame directamente y|te verás a ti mismo.
[7483][7495]No soy como tú.
[7503][7516]Ninguno de nosotros lo es.
[7521][7539]Aprieta el gatillo y|te vuelves culpable...
[7539][7554]de lo que me acusas.
[7559][7583]La pregunta que|tienen que hacerse es,
[7587][7609]¿pueden vivir con quitar una vida?
[7622][7637]No sólo viviré con ello,
[7643][7671]me despertaré sonriendo|todos los malditos días...
[7671][7683]sabiendo que te has ido.
[7691][7707]¿Eso traerá a tu hijo de vuelta?
[7718][7723]¡Vete a la mierda!
[7882][7903]¿Tratan de humillarme?
[7922][7934]No.
[7944][7957]Estoy tratando de matarte.
[8003][8032]Hazlo, Johnny.|Hazlo por tu hermana.
[8038][8056]¡Hazlo!
[8337][8356]Traigan las palas.
[8554][8583]Esto no hace falta decirlo,|pero lo voy a decir de todos modos.
[8591][8619]Nunca hablaremos de esto con nadie,|nunca.
[8632][8661]Si alguien pregunta,|Cain se fue de la ciudad.
[8670][8685]¿Todos estamos de acuerdo en eso?
[8702][8714]Si.
[8721][8733]¿Johnny?
[8774][8786]¿Qué?
[8809][8834]Nunca hablaremos de esto...
[8839][8858]a nadie en la vida.
[8868][8888]¿De acuerdo?
[8944][8956]De acuerdo.
[9034][9051]Has estado muy callado, Frank.
[9097][9127]Prométeme que nunca le|dirás a nadie sobre esto.
[9133][9147]Mientras vivas.
[9165][9179]Quiero oírte decirlo.
[9265][9277]Bien.
[9281][9296]Prometo no decirle a nadie...
[9296][9325]sobre esto,|durante el resto de mi vida.
[9471][9518]<i>UN AÑO MÁS TARDE</i>
[9699][9717]Ya hemos pasado un|minuto de la medianoche.
[9717][9736]Y es oficialmente el|día en que el velo...
[9736][9763]entre los vivos y los muertos|está en su punto más bajo.
[9766][9801]Aquí WKB Dunwich y yo soy|Jennifer Hollister despidiéndose,
[9801][9822]queridos oyentes,|con esta clásica.
[9831][9845]Feliz Noche de Brujas.
[10493][10506]Cabrón.
[10522][10536]Maldito cabrón.
[10584][10605]Mentiste, pedazo de mierda.
[10634][10653]No pude vivir con ello.
[11177][11225]La vida es sólo un|sueño para los muertos.
[11348][11372]- Hola, papá.|- Buenos días.
[11373][11385]Te ves como el demonio.
[11394][11404]Gracias, lo necesitaba.
[11412][11444]- ¿Te cuesta dormir?|- Sí, ¿qué hay de nuevo?
[11448][11466]¿Quieres que te|prepare algo de comer?
[11472][11498]No, estaré bien.|Tomaré algo de camino al trabajo.
[11505][11512]¿Comida rápida?
[11518][11537]Vamos, papá, te prepararé unos huevos.
[11549][11568]Eres demasiado buena conmigo,|¿lo sabías?
[11586][11594]Pensé que lo habías dejado.
[11597][11609]Lo estoy intentando.
[11612][11639]No muy en serio|por lo que parece.
[11644][11666]Supongo va de la mano con|el estrés del trabajo.
[11678][11704]¿Vas a ir a la fiesta|de Noche de Brujas esta noche?
[11713][11727]No creo.
[11731][11742]Tal vez deberías hacerlo.
[11751][11769]Podría ayudarte a|desestresarte un poco.
[11775][11784]¿Trabajarás esta noche?
[11794][11806]Estoy libre.
[11814][11833]Estaba pensando que|podría ir a la fiesta.
[11844][11856]Podría ser divertido.
[11863][11875]¿Recuerdas esa palabra?
[11891][11903]¿Diversión?
[11906][11931]Supongo que no he tenido mucho|tiempo para eso últimamente.
[12037][12049]Hollister.
[12052][12064]Sip.
[12072][12086]Cristo.
[12093][12107]Voy enseguida.
[12125][12141]Lo siento, cariño, tengo que irme.
[12146][12162]Trabajo.
[12354][12379]<i>POLICÍA - NO CRUZAR</i>
[12436][12478]- ¿Qué ha pasado?|- Johnny Tramer, suicidio.
[12478][12496]- Jesús.|- Disparo en la cabeza.
[12531][12545]¿Qué está pasando allí?
[12559][12575]Es algo realmente extraño.
[12585][12599]¿Cavó el hoyo?
[12603][12616]No había señales de|una pala alrededor.
[12616][12646]Así que si lo hizo,|no estoy seguro de cómo.
[12645][12663]- ¿Sus manos?|- Lo he comprobado.
[12666][12687]Las uñas están limpias.
[12681][12704]- Extraño.|- Se vuelve aún más extraño.
[12713][12723]¿Qué quieres decir?
[12727][12743]Mira las huellas de las manos.
[12746][12771]¿No parece que alguien|fue enterrado vivo aquí...
[12771][12782]y cavara para salir?
[12788][12819]¿Entrando en el espíritu|de Noche de Brujas, Brodie?
[12818][12828]¡No!
[12829][12855]Es sólo, sólo lo que parece.
[12863][12889]Me parece que alguien acaba|de cavar un hoyo en un campo.
[12889][12905]Por qué, no lo sé.
[12917][12938]Parece que hubo algo de|lluvia aquí, sin embargo.
[12939][12961]Manos grandes también,|definitivamente un hombre.
[12965][12993]Puso sus manos sobre el|lodo para salir de allí.
[12997][13026]Entonces, Johnny se metió en|el hoyo para seguir cavando...
[13026][13045]luego, cuando terminó,|se sacó a sí mismo.
[13045][13062]No...|Verás, eso pensé.
[13063][13094]Pero tengo a mis hombres midiendo la|enpolladura de las manos de Johnny,
[13095][13117]y son la mitad del tamaño|de esas huellas de manos.
[13125][13153]Entonces, ¿qué estás diciendo, que alguien|más estuvo aquí también?
[13156][13191]Bueno, no hay señales de una pala,|dos juegos de huellas de manos.
[13202][13223]Tal vez alguien lo mató y tenía|la intención de enterrar el cuerpo...
[13223][13247]pero, lo interrumpieron y huyo.
[13263][13294]Tendremos que ver qué dice el informe|de balística. ¿Llamaste al forense?
[13296][13323]Sí, va a tener mucho trabajo|que hacer en este caso.
[13333][13355]- ¿Qué quieres decir?|- Mira el cuerpo.
[13417][13442]¡Dios! ¿Cuánto tiempo lleva aquí?
[13454][13471]Bueno, estuvo en el trabajo ayer.
[13471][13494]Así que no más de 24 horas.
[13504][13522]Nunca he visto un|cuerpo descomponerse...
[13522][13535]en tan poco tiempo.
[13612][13624]¿Frank?
[13645][13657]Frank.
[13661][13673]¿Qué?
[13681][13705]- ¿Estás bien?|- Sí, estoy bien.
[13717][13743]Será mejor que vaya a|ver a Edie Tramer. ¡Dios!
[13747][13767]Primero su hija el año pasado|y ahora su hijo.
[13778][13805]- ¿Vas a estar bien aquí?|- Sí, déjamelo a mí.
[14021][14035]Hola.
[14042][14054]Ellie.
[14059][14071]Esto se ve muy bien.
[14079][14096]Si que se han superado este año.
[14096][14108]Gracias.
[14124][14159]Así que, ¿vas a ayudar o sólo|vas a estar dando vueltas...
[14159][14178]hasta que traigamos la ponchera?
[14196][14208]Discúlpame un momento.
[14287][14306]¿Cómo te va, Joe?
[14304][14316]No es bueno.
[14317][14338]Johnny Tramer se suicidó anoche.
[14354][14378]¡Dios! ¿Qué ha pasado?
[14381][14406]Fue al lugar, ya sabes...
[14407][14424]dónde está el paquete.
[14432][14457]De todos modos,|el chico se disparó en la cabeza.
[14462][14472]Él está muerto.
[14481][14493]Buen Dios.
[14498][14511]Esto está jodido.
[14512][14534]Si la Policía empieza|a husmear en esa zona,
[14534][14556]van a encontrar más|de lo que esperaban.
[14563][14573]- Muy bien.|- ¿Por qué ese débil...
[14573][14586]mierdecilla tuvo que hacerlo allí?
[14586][14613]Tranquilo, hablaré con Frank.|Lo arreglaremos.
[14713][14742]Sé que este es un momento|desgarrador para ti, Edie...
[14755][14791]pero, ¿hay algo que Johnny|haya dicho o hecho...
[14804][14822]para indicar que era un suicida?
[14835][14858]No ha sido el mismo desde|que Stephanie fue asesinada.
[14866][14881]Ninguno de nosotros lo ha hecho.
[14893][14918]¿Dijo algo sobre todo ese asunto,
[14918][14937]ya sabes, Jack Cain?
[14956][14971]Sabía que lo quería muerto.
[14982][14994]Todos lo queríamos.
[15004][15029]¿Tus hombres están más cerca|de encontrar a esa basura?
[15052][15065]En realidad, no.
[15074][15103]Se fue de la ciudad el año pasado.|Pudo haber ido a cualquier parte.
[15108][15124]Maldito seas por dejarlo ir.
[15127][15157]No lo dejé ir, cometí un error.
[15173][15191]Tengo que vivir con|ello todos los días.
[15206][15221]Pobre de ti.
[15236][15261]Tengo que vivir con perder|a Stephanie todos los días.
[15268][15284]Y ahora a mi hijo también.
[15297][15309]Tienes razón.
[15313][15329]No quise ser insensible.
[15342][15358]Necesito volver a la estación.
[15358][15379]¿Va a venir alguien?
[15379][15398]Puedo enviar a alguien|a ofrecer apoyo.
[15398][15413]Sólo quiero que me dejen en paz.
[15436][15449]Entiendo.
[15461][15474]Lo siento, Edie.
[15484][15496]De verdad que lo hago.
[15739][15759]- ¿Hola?|- Hola, mejillas dulces.
[15765][15788]<i>Ya sabes, los años '50 llamaron.</i>
[15789][15797]<i>Quieren que le devuelvas|el nombre de su mascota.</i>
[15797][15814]Sólo trato de ser cariñoso.
[15815][15833]Lo sé, sólo estoy bromeando.
[15839][15851]¿Cómo van las cosas?
[15851][15872]Bueno, encontramos a|Johnny Tramer esta mañana.
[15872][15884]Se suicidó.
[15894][15911]Dios, eso es horrible.
[15927][15951]Su hermana también murió el año pasado.|Su madre debe estar hecha pedazos.
[15951][15968]Sí, tu padre está allí ahora mismo.
[15968][15984]Contándole las noticias.
[15993][16007]Dios, eso es horrible.
[16023][16036]No los conocía tan bien.
[16036][16064]Pero papá solía salir|con su padre hace años.
[16082][16101]Hablando de tu padre, ¿no le dijiste...
[16101][16117]sobre nosotros, verdad?
[16117][16137]<i>Brodie, eres un marica,|¿lo sabías?</i>
[16137][16156]- No soy un marica.|- Lo eres.
[16171][16192]¿Por qué demonios estás|tan asustado de mi padre?
[16203][16221]Es el tipo más dulce del mundo.
[16222][16252]Sí, en casa tal vez,|pero en el trabajo es mi jefe.
[16252][16277]¿Y sabes lo incómodo que es que|te atrapen con la hija del jefe?
[16277][16294]Vamos, admítelo.
[16297][16318]El riesgo es parte de la emoción.
[16335][16371]Entonces, dime. ¿Qué llevas puesto?
[16381][16406]Un jersey de lana grueso y|una redecilla para el cabello.
[16409][16427]Vamos Jen, ¿en serio?
[16427][16454]- ¿De verdad quieres hacer esto ahora?|- Sí, sólo un minuto.
[16459][16479]Llama a uno de esos programas|de chicas de la tele...
[16479][16502]donde las chicas mueven|el culo arriba y abajo.
[16504][16528]Sí, cuestan cinco dólares|el minuto, esto es gratis.
[16534][16558]Eres una mierda tan descarada,|¿lo sabías?
[16584][16599]Vamos, dime. ¿Qué llevas puesto?
[16609][16622]¿Con quién estás hablando?
[16636][16654]No es nadie.
[16661][16674]<i>¿Hablando solo?</i>
[16678][16695]<i>Es una chica que conozco.</i>
[16702][16718]<i>De acuerdo, bueno, no tardes mucho.</i>
[16718][16744]Tenemos cosas más importantes|de las que ocuparnos hoy.
[16748][16765]Estaré en mi oficina.
[16767][16779]Señor.
[16827][16848]- ¿Hola?|- Marica.
[16965][16979]- ¡Dios mío!|- ¿Qué?
[16979][16999]Bien, bien, mira esto.
[17007][17033]- Joder, ¿qué diablos es eso?|- Es muy divertido.
[17037][17061]Una verdadera falta de estándares,|los de tu generación.
[17063][17086]Dios mío, tenemos un chorreador.
[17087][17111]Muy bien, apágalo.|Este es un lugar de negocios.
[17119][17131]Muy bien.
[17131][17146]Tranquilo, abuelo.
[17149][17164]Sabes, cuando tenía tu edad...
[17164][17183]no teníamos acceso a nada de eso.
[17188][17219]Lo que teníamos eran revistas.|Ni siquiera podíamos costeárnoslas.
[17227][17239]Pero siempre encontrábamos,|cómo, grandes montones de ellas...
[17239][17253]en el bosque por alguna razón.
[17258][17286]Esto añade un nuevo significado|al término naturista.
[17289][17304]Entonces,|¿cuál es el maldito problema?
[17304][17323]Es lo que hacen los chicos.
[17326][17339]¿Lo es?
[17339][17358]Dios, no me estoy perdiendo mucho.
[17358][17378]Sí, todo se trata de las bromas.
[17382][17407]Escucho esa palabra todo el tiempo,|bromas.
[17413][17425]¿Qué significa eso?
[17426][17448]Bueno, es sólo que, ya sabes,|nos necesitamos el uno al otro.
[17448][17461]Para divertirse y eso.
[17464][17489]Y tú siempre estás bromeando|con tus amiguitos, ¿no?
[17489][17504]Sí, sí, lo hacemos.
[17513][17553]Aunque sí,|a veces puede ir demasiado lejos.
[17551][17568]- ¿Sí?|- Sí.
[17578][17606]Mira, ¿alguna vez te he hablado|de mis vacaciones de la escuela...
[17606][17623]donde unos amigos y yo|nos fuimos a México?
[17623][17635]No.
[17641][17652]Cierto.
[17658][17687]Así que hay un chico llamado James,|ya sabes,
[17687][17728]y es muy creído,|demasiado confiado, arrogante.
[17722][17754]Así que una noche|sale y se emborracha.
[17754][17783]Luego regresa a la villa|y se desmaya en el sofá.
[17788][17805]Así que tengo una idea, ya sabes,
[17810][17827]voy a bajarle los humos.
[17833][17858]Así que lo que hago es|tomar un condón y lo pongo...
[17858][17877]al final de un lápiz y...
[17886][17914]se lo pongo en el chocolate|mientras está desmayado.
[17926][17941]¿Cómo chocolate?
[17945][17972]Sí, el nudo de tu globo.
[18008][18032]Tu bolso de prisión,|tu estrella de mar de chocolate.
[18049][18062]Raja del culo.
[18063][18081]Entonces, ¿por qué no|dijiste eso para empezar?
[18081][18106]De acuerdo, me aseguraré|de mantener mi lenguaje...
[18106][18127]más adecuado para los|pensionados en el futuro.
[18131][18156]De todos modos,|James se despierta al día siguiente...
[18156][18179]y no tiene recuerdos|de la noche anterior.
[18181][18198]Estaba tan borracho.
[18198][18218]Todo lo que sabe es que|ahora tiene un condón...
[18218][18235]colgando de su culo.
[18237][18266]Y nos pregunta: "¿Qué pasó anoche?"
[18268][18281]Y así que se lo decimos.
[18287][18317]Yo digo: "Bueno, amigo, te vimos|charlando con este chico...
[18317][18351]en el bar y lo siguiente que|sabemos es que te has ido con él".
[18356][18385]Así que James,|empezó a enloquecer porque piensa...
[18385][18413]que la espada de cerdo de|un extraño se lo ha clavado.
[18432][18458]- La espada de cerdo significa polla.|- Sí, sí, lo sé.
[18458][18477]La descripción me dio un poco|de información sobre eso.
[18478][18523]Está bien, está bien. James,|está llorando y llama a su novia,
[18526][18552]y confiesa su primera|experiencia gay...
[18552][18577]y toma el siguiente|vuelo de vuelta a casa.
[18577][18611]Y no le dije la verdad|hasta seis meses después.
[18641][18688]Así que técnicamente el único|que hizo algo gay fuiste tú.
[18694][18707]¿Por qué dices eso?
[18709][18742]- Le metiste un lápiz en el culo.|- Sí, pero eso no es gay.
[18759][18777]- Es un poco gay.|- Bueno, no, cállate.
[18783][18803]Sí, tienes razón,|las bromas son divertidas.
[18817][18834]De todos modos,|tengo trabajo que hacer.
[18843][18859]Muy bien, vuelvo en cinco minutos.
[18869][18885]Tengo que ir a echar una cagada.
[18914][18956]<i>ESTACIÓN DE POLICÍA</i>
[18966][18993]Entonces, el chico,|¿por qué lo hizo?
[19003][19017]Bueno, considerando dónde lo hizo.
[19017][19038]Supongo que no podía|vivir con lo que pasó.
[19049][19078]- ¿Hablaste con su madre?|- Está destrozada.
[19087][19114]¿Le dijo lo que le pasó a Cain?
[19115][19134]No creo que ella sepa nada.
[19154][19166]De acuerdo.
[19172][19193]Bueno, déjame preguntarte|a ti, Frank.
[19199][19211]¿Qué hay de ti?
[19222][19234]¿Qué hay de mí?
[19236][19271]Ya no te veo en ninguna|de estas noches sociales.
[19275][19298]Se siente como si nos|estuvieras evitando estos días.
[19298][19323]¿Realmente pensaste que las cosas|seguirían igual entre nosotros?
[19323][19355]Mierda como esa cambia a la gente.|Ciertamente me cambió a mí.
[19369][19395]Piensas demasiado en todo,|ese es tu problema.
[19396][19428]Hicimos lo correcto.|Se hizo justicia.
[19436][19452]Lo que tú digas, Milton.
[19461][19474]Ahora, si no te importa,
[19474][19492]tengo mucho papeleo que hacer.
[19753][19769]Mike, ¿tienes la llave inglesa?
[19796][19802]Mike.
[19811][19826]¿Estás sordo o qué?
[20202][20214]¿Qué opinas?
[20255][20267]No lo sé.
[20285][20304]No he visto nada como esto|desde los asesinatos de Cain.
[20325][20338]¿Cómo quieres manejarlo?
[20372][20397]Esta es una semiautomática.
[20415][20446]Sólo amartilla el martillo,|inserta el cartucho...
[20446][20479]en la cámara y la|pistola estará lista...
[20479][20491]para su próximo disparo.
[20507][20531]Los cartuchos se alimentan a|través de un cargador...
[20532][20556]que se introduce en el mango.
[20562][20584]Si quieres esta, te puedo dar...
[20584][20603]cinco cajas de cargadores,|que tienen 15 cartuchos.
[20603][20619]Que vienen en doble columna.
[20623][20652]Es una máquina muy, muy poderosa.
[20654][20672]Rápida y fácil de recargar también.
[20702][20749]Este es el revólver .38.
[20752][20772]El cilindro tiene capacidad|para siete cargas.
[20776][20799]Tanto las semiautomáticas|como los revólveres,
[20803][20821]tienen dos estilos de|acción principales.
[20834][20846]Acción simple y doble.
[20857][20878]Esta perrita, es doble.
[20886][20918]Es pequeña, lo que la hace|perfecta para ocultarla.
[20929][20952]Pero aún así tiene un gran golpe.
[20972][20984]Maldita pistola ingeniosa.
[20988][21019]Este hijo de puta es mi favorito.
[21052][21099]Esta fina arma goza|de la reputación...
[21099][21124]de ser el estándar de oro|de la potencia de frenado.
[21141][21183]Es un tapón de un sólo|disparo extremadamente fiable.
[21183][21219]No es buena para ocultar,|pero puedes hacer un agujero...
[21219][21246]a través de un maldito oso,|con una de estas cosas.
[21257][21273]Me encanta esta pistola.
[21296][21315]De acuerdo.
[21325][21333]A algunos cerditos...
[21344][21359]les gusta ir al mercado.
[21361][21379]Algunos cerditos se quedan en casa.
[21387][21418]A algunos les gusta comer|mucha carne asada...
[21436][21452]pero tú, cerdito...
[21456][21474]has venido a comprar|algunas armas dudosas.
[21474][21487]Entonces, ¿cuál vas a escoger?
[21494][21507]Vamos,|no tengo todo el maldito día.
[21531][21543]Todas ellas.
[21584][21605]Eres un cerdito codicioso, ¿no?
[21616][21648]Siento mucho lo de Johnny.
[21649][21661]Cuando me enteré,|tenía que venir a verte.
[21668][21682]Gracias.
[21691][21712]¿Tienes a alguien aquí|que pueda ayudarte?
[21723][21746]Mi hermano llega esta noche.
[21756][21764]Es todo lo que me queda ahora.
[21797][21808]Sé que esto es difícil para ti,|Edie,
[21808][21824]pero tengo que preguntar,
[21831][21858]¿Johnny te dijo algo|sobre Jack Cain?
[21863][21899]- ¿Cómo dónde desapareció?|- No me dijo nada.
[21913][21925]De acuerdo.
[22079][22111]No quiero ser molesto,|pero, ¿tienes galletas?
[22135][22147]¿Galletas?
[22154][22166]Si.
[22198][22209]Sí, creo que sí.
[22216][22228]En la cocina.
[22246][22272]- Iré a buscarlas.|- Me encantaría.
[22275][22288]Gracias.
[23496][23527]¡Muere, maldita puta!
[23553][23565]¡Muere!
[23652][23662]Joder.
[23691][23704]¿Dónde están las galletas?
[23943][23963]Amigo, un dulce por Noche de Brujas.
[24214][24225]Hola, querido.
[24229][24241]¿Qué estás haciendo?
[24245][24264]Sólo estoy haciendo|todas las decoraciones.
[24269][24288]Pero deberían haberse|hecho esta mañana.
[24296][24313]Bueno, yo he...
[24319][24342]He estado muy ocupada con|todos los pasteles también.
[24345][24372]Algunos de ellos están un|poco quemados, así que...
[24375][24388]¿Qué quieres decir?
[24391][24413]Bueno...
[24428][24435]No has terminado la decoración,
[24435][24462]has quemado la comida.|¿Qué has estado haciendo?
[24467][24479]¡Hazlos de nuevo!
[24484][24501]- ¿Qué, ahora?|- ¡Sí, hazlo!
[24505][24519]De acuerdo.
[24732][24749]¿Siempre tiene que ser así?
[24756][24778]Mira, me disculpo por|perder los estribos,
[24778][24793]pero esto tiene que hacerse.
[24819][24831]De acuerdo.
[25099][25154]<i>Sólo una pequeña cantidad|en una copa de vino.</i>
[25166][25182]<i>O quizás una flor.</i>
[25223][25239]<i>Quédese con él, Monsieur.</i>
[25284][25297]<i>Quédeselo.</i>
[25312][25338]<i>Puede cambiar de opinión.</i>
[25342][25357]<i>¿No está muerta?</i>
[25367][25379]<i>¿Estás loco?</i>
[25387][25394]<i>La ví morir.</i>
[25397][25416]<i>El doctor firmó el certificado.</i>
[25416][25428]<i>Los ví enterrarla.</i>
[25441][25456]<i>Cautiva en el límite...</i>
[25456][25478]<i>entre la vida y la muerte.</i>
[25489][25518]<i>Su cerebro se despojó|de la chispa de la vida.</i>
[25545][25591]<i>El zombi blanco obedece|las órdenes impías...</i>
[25591][25609]<i>de su amo demonio.</i>
[25711][25748]<i>Como criaturas sin sentido llevan|a cabo su maldita sea a voluntad...</i>
[25808][25821]<i>¡Zombis!</i>
[26387][26402]<i>Emergencia, emergencia.</i>
[26928][26949]Adelante, Frank. Adelante.
[26987][26993]<i>¿Si?</i>
[26994][27012]Ven a la casa de los|Boggs en la calle Oak.
[27024][27038]Es malo, Frank.
[27044][27058]Es realmente jodidamente malo.
[27583][27614]<i>NOCHE DE BRUJAS</i>
[28094][28128]Parece que tenemos a un|maniaco suelto.
[28189][28201]¿Estás bien, Frank?
[28223][28232]¿Frank?
[28249][28273]Sí, sí.
[28307][28315]Te voy a decir algo...
[28323][28343]que nunca se lo he contado a nadie.
[28347][28367]Sí,|algo que he estado llevando conmigo...
[28367][28384]desde hace un año.
[28401][28413]De acuerdo.
[28417][28429]Jack Cain.
[28447][28459]Hace un año,
[28467][28495]yo, Boggs...
[28501][28516]Joe, y Johnny...
[28526][28542]fuimos a su cabaña.
[28557][28573]Lo llevamos al campo,
[28577][28601]el mismo en el que Johnny|fue encontrado esta mañana...
[28621][28634]y lo matamos.
[28649][28667]Le disparamos a quemarropa...
[28679][28692]y luego lo enterramos.
[28711][28724]¿Hablas en serio, Frank?
[28731][28752]Sentí que era lo correcto.
[28766][28795]Pero, me ha perseguido|desde entonces.
[28862][28893]Así que estos asesinatos,|ahora hay un vínculo claro...
[28893][28906]entre las víctimas.
[28922][28953]Todo hombre involucrado en el asesinato|de Jack Cain está ahora muerto.
[28966][28987]Todos menos uno.
[28992][29018]Sabes lo que eso significa,|¿verdad?
[29028][29048]- Eres el siguiente.|- Así es.
[29071][29091]Hay algo más que deberías saber,|también.
[29094][29106]¿Qué sería eso?
[29129][29142]Hay un tipo...
[29151][29173]en la penitenciaría de Edenfield,
[29175][29189]alguien llamado Charlie Edgar.
[29199][29226]Está cumpliendo cadena perpetua|por el asesinato de una joven.
[29236][29252]Hace unos meses me llegó la noticia...
[29253][29276]del psiquiatra, que Edgar...
[29276][29296]había confesado los|asesinatos de Cain.
[29303][29314]¿Lo entrevistaste?
[29321][29333]Lo hice, sí.
[29347][29386]Y tengo que decirte, cuando|Edgar me contó cómo fue todo,
[29391][29403]le creí.
[29412][29429]Sabía muchos detalles|sobre los asesinatos...
[29429][29447]que mantuvimos fuera|de los periódicos.
[29452][29465]Entonces, ¿qué hiciste?
[29486][29499]Escribí un informe.
[29527][29541]Y luego lo enterré.
[29555][29571]Nunca se lo enseñé a nadie.
[29577][29601]Ya fue bastante difícil|lidiar con la idea...
[29601][29618]de matar a un supuesto culpable.
[29627][29634]Cielos, Frank.
[29642][29667]Me avergüenzo de lo que he hecho.
[29687][29724]¿Alguien más sabe...|Que mataste a Cain?
[29742][29768]Es posible que uno|de los otros tipos...
[29768][29783]haya hablado con alguien,|de acuerdo.
[29784][29813]¿Pero por qué alguien|se estaría vengando...
[29813][29828]en nombre de Jack Cain?
[29828][29845]Toda la ciudad vivía|con miedo de él.
[29845][29859]Todos lo querían muerto.
[29863][29887]Podría ser un amigo de Cain,|alguien vinculado a él.
[29889][29907]Sí, esa es la explicación racional.
[29915][29929]Pero hay otra teoría.
[29942][29957]No es tan racional.
[29962][29974]¿Y esa es?
[29979][29997]Jack Cain ha vuelto de la muerte.
[30021][30032]¿Te sientes bien?
[30036][30061]Sabes, este es un momento|estresante y todo eso, Frank.
[30061][30081]- Ya sabes, pero...|- Y ese agujero en el suelo,
[30086][30125]dijiste que parecía que alguien había|sacado las manos y se había impulsado.
[30123][30135]Si.
[30143][30167]Ahí es exactamente|donde enterramos a Cain.
[30176][30193]Su cuerpo ha desaparecido.
[30203][30221]Tal vez alguien que|sabe lo que pasó...
[30221][30246]lo robó y quiere que pienses|que ha vuelto de la muerte.
[30248][30269]Hay un montón de cosas que|están pasando ahora mismo...
[30269][30286]que no se pueden|explicar fácilmente.
[30289][30307]Tenemos que ser abiertos de mente.
[30326][30346]Entonces, ¿cuál es nuestro|próximo movimiento?
[30358][30379]Tengo una llamada|importante en la estación.
[30386][30406]Mi hija está en el Ayuntamiento...
[30406][30421]en la fiesta de Noche de Brujas.
[30427][30461]Ve a buscarla y|tráela a la estación.
[30472][30509]Bien, ya que estamos en ese tema...
[30519][30544]dado que me dijiste la verdad,|creo que es lo correcto...
[30544][30570]que yo también te diga la verdad.
[30615][30622]¿Qué es?
[30672][30684]Jennifer,
[30694][30704]nos hemos estado viendo.
[30714][30733]- ¿Por cuánto tiempo?|- Cuatro meses.
[30733][30751]Mira, siento no haber dicho nada,
[30752][30775]es sólo que no quería|decir demasiado...
[30771][30787]antes de que las cosas se desarrollaran,|de lo contrario,
[30787][30798]las cosas se habrían puesto incómodas.
[30798][30818]- ¿Vas en serio con ella?|- Mucho.
[30823][30857]La amo y...|Creo que ella también me ama a mí.
[30983][30995]Toma esto...
[31005][31032]para protección,|y ve a buscar a Jennifer...
[31047][31062]y llévala a la estación.
[31066][31078]Lo tengo.
[31242][31267]Así que acordamos encontrarnos|en este bar al principio,
[31275][31302]y tomó como siete gin tonics...
[31302][31321]en el espacio de una hora.
[31322][31336]El bar tender me avisó...
[31336][31352]mientras el tipo estaba en el baño.
[31357][31384]Pero aún así terminé|yendo a otro bar con él.
[31387][31416]Pidió guacamole y se negó|a compartirlo conmigo,
[31422][31437]mientras afirmaba que iba a...
[31438][31462]lanzar a todos los|hípsters a la calle.
[31468][31484]Qué idiota.
[31496][31522]Al final fuimos a esta|cafetería toda la noche,
[31524][31551]en parte para que se pusiera sobrio,|y en parte porque...
[31551][31573]había olvidado su nombre, y pensé...
[31573][31588]que lo escribirían en su vaso.
[31597][31622]Así que supongo que no hubo|una segunda cita, entonces.
[31622][31634]No.
[31638][31663]Creo que le daré un descanso|a las citas por un tiempo.
[31676][31692]¿Cómo van las cosas con Brodie?
[31709][31725]Todavía no se lo he|dicho a mi padre.
[31726][31742]No estoy segura de|cómo reaccionará.
[31751][31766]Estoy segura de que estará bien.
[31772][31783]No contrataría a Brodie...
[31783][31803]si no creyera que es|un tipo responsable.
[31814][31826]Cierto.
[31843][31877]¿Le has dicho a Brodie|que estás embarazada?
[31885][31897]¿Qué?
[31907][31927]¿Cómo lo supiste?
[31925][31952]Estamos en una fiesta|y tú bebes agua.
[31953][31972]Esa no es la Jennifer que conozco.
[31974][31993]Me hice la prueba hoy mismo.
[32001][32014]Enhorabuena.
[32021][32039]- ¿Cómo te sientes?|- Sólo...
[32049][32063]nerviosa, ahora mismo.
[32066][32081]No sé si estoy lista.
[32081][32112]No tengo ni idea de|cómo se sentirá Brodie.
[32114][32132]Es un gran paso.
[32141][32163]No te preocupes, te adora.
[32168][32181]Estará encantado.
[32181][32203]Va a ser un golpe|doble para mi padre.
[32205][32233]¿Descubrir que estoy viendo a|alguien que trabaja para él...
[32233][32245]y va a ser abuelo?
[32257][32269]Ya está bastante estresado.
[32269][32298]Oye,|no hay nada de qué preocuparse.
[32309][32335]Una vez que el polvo se asiente,|estará contento.
[32356][32375]Sé lo difícil que fue para los dos...
[32375][32398]cuando tu madre murió.
[32406][32439]No hay otra manera de ver esto|que como un evento feliz.
[32457][32471]Gracias, Ellie.
[32522][32543]John, ese número de teléfono,
[32548][32571]al que Cain llamó cuando fue|arrestado por primera vez.
[32574][32589]¿Ya tienes una dirección?
[32657][32669]Si.
[32691][32702]Si.
[32728][32745]Gracias, John.
[33277][33291]Buenas noches.
[33307][33337]Sabe, un hombre que lleva un arma|no me parece tan seguro de sí.
[33343][33381]De hecho,|veo a un hombre asustado ante mí.
[33382][33396]¿Vincent Crowley?
[33401][33414]¿Quién quiere saber?
[33431][33443]Me llamo Hollister.
[33451][33465]Soy un Oficial de Policía.
[33469][33487]Quiero hablarte de Jack Cain.
[33505][33522]Siempre estoy abierto a conversar.
[33531][33547]Pero encuentro que es|mucho más agradable...
[33547][33563]sin un arma apuntándome.
[33663][33675]Siéntate.
[33787][33812]¿Qué es lo que le gustaría|saber sobre Jack Cain?
[33837][33853]Cuando fue arrestado,
[33854][33876]fuiste la primera persona|a la que llamó. ¿Por qué?
[33891][33903]Soy su amigo.
[33915][33927]Jack no tenía muchos.
[33989][34011]Veo que compartes un|interés por lo oculto.
[34032][34054]Tomo lo "oculto",|como usted lo llama...
[34054][34079]como lo que es percibido negativamente|en su mundo.
[34093][34109]Si se usa para hacer|daño a la gente.
[34136][34159]Lo oculto es simplemente un|estudio de lo desconocido.
[34164][34191]Explora los límites de|nuestras percepciones,
[34192][34215]nuestras verdades,|nuestros potenciales.
[34221][34237]No es ni bueno, ni malo.
[34261][34285]Por lo que encontramos en su casa,
[34292][34308]sé que Jack Cain lo estaba usando.
[34326][34351]Jack siempre estuvo interesado|en explorar los límites...
[34351][34375]entre la vida y la muerte.
[34374][34388]Consideró la posibilidad de...
[34388][34408]que el mundo|que se nos presenta...
[34408][34426]puede que no sea todo lo que hay.
[34436][34448]¿Es eso un crimen?
[34452][34464]No.
[34471][34486]Pero asesinar a dos|personas sí lo es.
[34521][34548]- ¿Crees que el asesinato es gracioso?|- No, señor Hollister.
[34548][34573]Lo que me divierte es cómo una mentira|contada durante el tiempo suficiente...
[34573][34597]puede convertirse en una verdad en|las mentes de los hombres comunes.
[34597][34609]¿Crees que es inocente?
[34618][34646]La noche que esos chicos fueron|asesinados, Jack estaba conmigo.
[34649][34669]Fuimos bienvenidos en|el solsticio de verano...
[34669][34695]en Sacramento Bay con|un grupo de amigos.
[34711][34731]No volvimos a casa|hasta después de que...
[34731][34747]esos cuerpos fueran descubiertos.
[34753][34773]Tú y esos amigos que mencionas...
[34790][34811]¿por qué no hicieron una|declaración en su defensa?
[34816][34842]No era necesario, como sabe.
[34852][34877]Pero considere esto, señor Hollister.
[34877][34897]¿Su sistema realmente|habría aceptado la palabra...
[34897][34905]de gente como nosotros?
[34922][34947]Somos los parias de su sociedad.
[34952][34977]Somos los perros que dejan|a un lado de la carretera.
[34977][34997]No encajamos en sus convenciones,
[34997][35027]por lo tanto somos|excluidos y perseguidos.
[35042][35063]Bueno, no quiero entrar|en un debate sobre esto.
[35075][35089]Sólo quiero saber una cosa.
[35095][35107]Estas...
[35118][35133]prácticas.
[35152][35166]¿Pueden hacer que|una persona sea capaz...
[35166][35196]de desafiar las leyes de, no sé...
[35206][35218]la física?
[35226][35243]Una pregunta intrigante.
[35258][35274]Parece que su mente|se está abriendo...
[35274][35318]a las posibilidades más allá del|pensamiento convencional terrenal.
[35331][35348]Sólo dime en qué creía Jack Cain.
[35361][35373]Ayúdame a entender.
[35389][35408]¿Qué es lo que quiere entender,|señor Hollister?
[35417][35448]¿Qué pasó antes de que lo mataran,|o después?
[35481][35526]No soy una amenaza para usted,|señor Hollister. Por favor, relájese.
[35621][35649]A lo único que le teme|un hombre, es a la verdad.
[35663][35681]Así que si voy a|ofrecerle la verdad,
[35691][35718]- ¿está listo para aceptarla?|- Sí.
[35767][35788]La ocupación romana de|Gran Bretaña duró entre...
[35788][35816]el año 43 d.C. y|alrededor del año 400 d.C.
[35823][35857]Antes de que los Romanos invadieran,|el sacerdocio Druida...
[35851][35874]eran el poder|indiscutible de la tierra.
[35881][35904]La historia está escrita|por los vencedores.
[35918][35933]Cuando los Romanos|conquistaron a los Celtas...
[35933][35963]dieron descripciones poco|halagadoras de los Druidas.
[35972][36001]Algunos los describieron como|bárbaros sedientos de sangre.
[36001][36022]Que ofrecían sacrificios humanos.
[36036][36076]Otros sostienen que los Druidas|eran gentiles y pacíficos.
[36087][36128]Y mantuvieron su autoridad al estar|en contacto con la naturaleza.
[36149][36174]La verdad está en|algún punto intermedio.
[36183][36214]Los Druidas si hicieron|sacrificios humanos,
[36214][36237]pero eran autosacrificios.
[36252][36291]Durante el Samhain,|especialmente el 31,
[36301][36324]cuando el velo entre|los vivos y los muertos...
[36324][36357]estaba en su punto más delgado,|algunos de los Druidas...
[36359][36386]sacrificaron sus|vidas voluntariamente.
[36406][36422]Creían que su sangre de sacrificio...
[36423][36456]filtrada por el suelo podría|incluso tener el poder...
[36457][36474]de... Levantar a los muertos.
[36519][36525]¿Jack Cain lo creía?
[36549][36562]Su mente estaba abierta.
[36568][36584]- ¿Y la suya?|- ¿Qué quieres decir?
[36607][36625]Se cometió una injusticia.
[36635][36658]El pueblo se volvió|contra un hombre inocente...
[36658][36665]y fue ejecutado,
[36669][36689]y ahora ha vuelto para vengarse.
[36692][36726]Y con cada alma que él...|Absorbe...
[36726][36762]se vuelve más y más poderoso.
[36772][36796]Por supuesto que hay otra|explicación para todo esto.
[36798][36825]- ¿Cuál es?|- Tú eres el que ha vuelto para vengarse.
[36841][36857]¡Ay, señor Hollister!
[36864][36901]Se acercó tanto a una|forma superior de comprensión.
[36909][36925]Pero se asustó...
[36932][36967]así que ha vuelto a su|perspectiva convencional terrenal.
[36971][37003]En el trabajo policial normalmente|la explicación más simple...
[37003][37015]suele ser la correcta.
[37019][37042]¿Y ahora qué? ¿Me arrestará?
[37043][37063]Parece el siguiente paso lógico.
[37073][37085]No, señor Hollister.
[37086][37106]El siguiente paso lógico|sería pasar página...
[37106][37132]del libro de los Druidas|y hacer un autosacrificio...
[37132][37144]para salvar a su ciudad.
[37155][37178]Jack Cain ya no es humano.
[37181][37204]Se está volviendo más que humano.
[37208][37238]Él es su Dios ahora,|y es un Dios vengativo.
[37238][37263]Buscando castigar a los|que lo persiguieron.
[37269][37294]Sólo un autosacrificio|lo apaciguará.
[37675][37701]- Es el verdadero McCoy.|- Sí.
[37763][37777]El padre de tu bebé está aquí.
[37777][37799]Dios mío, odio esa expresión.
[37801][37834]Mejor que te acostumbres.|Tengo que ir al baño.
[37837][37854]Los dejo solos.
[37886][37907]¿Puedo hablar contigo|en privado un momento?
[37987][37999]¿Qué sucede?
[38011][38041]- ¿Mi padre está bien?|- Está bien, más o menos.
[38043][38055]¿Qué quieres decir?
[38056][38075]Me ha pedido que te|lleve a la estación.
[38075][38086]¿Por qué?
[38087][38103]¿Sabes que mencioné que|Johnny Tramer se suicidó?
[38106][38118]- ¿Sí?|- Encontramos otros cuatro cuerpos.
[38127][38132]- ¡Dios mío!|- Joe Johnson,
[38134][38153]Mike Anderson,|Milton Boggs y Verónica.
[38153][38179]- ¿Qué pasó?|- Todos asesinados.
[38186][38206]¡Dios mío!|¿Han averiguado quién lo hizo?
[38206][38218]No, todavía no.
[38218][38239]Tenemos a nuestros chicos|patrullando las calles.
[38241][38257]Tu padre me ha pedido|que venga a buscarte.
[38257][38272]¿No deberíamos quedarnos aquí?
[38272][38291]Quiero decir,|hay mucha gente alrededor.
[38297][38324]Quienquiera que haya matado a|esa gente, no va a venir aquí.
[39737][39755]¿Qué es lo que pasa?
[39774][39794]Dulce o truco.
[39983][39999]Vayan por ahí, vayan por ahí.
[40051][40063]¡Aléjense de él!
[40124][40155]No, por favor, no.|¿Qué cojones eres?
[40427][40441]¡Aléjate de mí!
[40626][40638]¡Oye, tú!
[40678][40693]Ven y toma un poco de esto.
[40714][40726]Vamos.
[41041][41061]- No, no lo hagas.|- Está bien.
[41242][41252]No hay pulso.
[41294][41306]No está respirando.
[41404][41418]¡Ayuda!
[41544][41556]Ven aquí.
[41559][41571]¿Qué está pasando?
[41573][41591]Ven aquí, ven aquí,|ven aquí, ven aquí.
[41637][41649]Oye.
[41655][41688]Cometí un terrible error,|pero voy a compensarlo.
[41724][41736]¡Ay, Dios mío!
[41739][41756]Pensé que estabas muerto.
[41763][41775]Está bien.
[41787][41804]No, no, estoy preocupada.
[41814][41826]Brodie.
[41837][41856]Llévate a mi hija y váyanse|de aquí.
[41856][41875]¿Qué vas a hacer tú?
[41885][41909]Sólo cuida de ella.
[41966][41978]Lo haré.
[42038][42057]No, papá, tú vienes con nosotros.
[42061][42084]No tengo tiempo para discutir.|Vete.
[42091][42117]Papá, no me iré de aquí sin ti.
[42184][42197]De acuerdo.
[42204][42217]Vamos.
[42381][42405]<i>¡No, papá!|¿Qué estás haciendo?</i>
[42405][42438]<i>¡No, no!</i>
[42433][42445]<i>¡Papá!</i>
[42565][42601]Es hora de pagar por lo|que hiciste, Hollister.
[42626][42649]Por primera vez tú y|yo estamos de acuerdo.
[42662][42676]Esto termina aquí y ahora.
[42754][42776]Tal vez tú y yo|encontremos la redención.
[42787][42807]Entonces, nos veremos en el Cielo.
[42837][42858]¿A quién estoy engañando?
[42892][42905]Te veré en el Infierno.
[43243][43276]<i>El 31 de octubre es|normalmente el momento...</i>
[43276][43285]<i>para un susto seguro.</i>
[43288][43308]<i>El momento en que los|niños van a pedir dulces...</i>
[43309][43326]<i>y los adultos ven|películas de terror,</i>
[43329][43354]<i>pero anoche los|residentes de Dunwich...</i>
[43355][43376]<i>experimentaron un|horror de la vida real,</i>
[43376][43407]<i>mientras una fiesta de Noche de Brujas|se transformó en una pesadilla.</i>
[43416][43443]<i>El Ayuntamiento quedó|envuelto en llamas...</i>
[43444][43473]<i>y se cree que una docena|de personas han muerto.</i>
[43474][43497]<i>Varias personas están|heridas de gravedad...</i>
[43497][43525]<i>y se espera que el número|de muertos aumente.</i>
[43531][43559]<i>El Departamento de Bomberos local,|aún no ha confirmado...</i>
[43559][43584]<i>la causa del incendio,|pero varios testigos...</i>
[43584][43611]<i>han afirmado que|antes de la explosión...</i>
[43612][43648]<i>un hombre enmascarado|no identificado entró en el edificio.</i>
[43648][43688]<i>Con un arma, hiriendo y|matando a varios asistentes.</i>
[43691][43717]<i>El Departamento de Policía|se ha negado a comentar...</i>
[43717][43733]<i>sobre estos reportes.</i>
[43803][43862]<i>UN AÑO MÁS TARDE</i>
[44043][44087]Esto es WKB y yo soy|Jennifer Hollister, despidiéndome.
[44093][44112]Estimados oyentes...
[44124][44144]¡feliz Noche de Brujas!
[44926][44975]<i>FRANK HOLLISTER|1976 - 2018</i>
[45423][45472]<i>JACK CAIN|1978 - 2018</i>
[45646][45726]<i>The Legend of Halloween Jack (2018)|Una traducción de|TaMaBin</i>